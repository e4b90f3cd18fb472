// Before Python is ready: PyScript reports its boot steps as `py:progress` events; show them in
// the status line under the table's skeleton. web/main.py takes the line over once it runs.
const line = document.getElementById("message");
const words = { pyodide: "Python", files: "the game's files" };

addEventListener("py:progress", ({ detail }) => {
  if (document.documentElement.dataset.ready || typeof detail !== "string") return;
  const [verb, ...rest] = detail.split(" ");
  if (verb !== "Loading") return;
  const what = rest.join(" ").toLowerCase();
  line.firstChild.textContent = `Loading ${words[what] ?? what}… `;
});
