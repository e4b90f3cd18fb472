// Before Python is ready: PyScript reports its boot steps as `py:progress` events ("Loading
// interpreter", "Loaded files", ...); show them in plain words in the status line under the
// table's skeleton. web/page.py takes the line over once the game is playable.
const line = document.getElementById("message");
const steps = {
  "Loading storage": "Loading Python…",
  "Loading interpreter": "Loading Python…",
  "Loading files": "Loading the game…",
  "Loaded files": "Starting the game…",
};

addEventListener("py:progress", ({ detail }) => {
  const text = steps[detail];
  const root = document.documentElement;
  if (text && !root.dataset.ready && !root.classList.contains("start-failed")) {
    line.firstChild.textContent = `${text} `;
  }
});
