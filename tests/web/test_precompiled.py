"""web/precompiled.py: the texts the build compiled run from that code; every other text, or a
call with an option of its own, takes Pyodide's usual way. Pyodide's CodeRunner and
pyodide.code are stood in for here by the same interface over CPython's compiler (the
end-to-end tests check the real ones in the page: tests/e2e/test_site.py)."""

from __future__ import annotations

import ast
import types

import pytest

from web import precompiled


class Runner:
    """Pyodide's CodeRunner, as web/precompiled.py uses it: parse, compile, run (awaiting a
    top-level await). Counts the texts it parses."""

    parsed: list[str] = []

    def __init__(self, source: str, *, flags: int = 0):
        Runner.parsed.append(source)
        self.ast = compile(source, "<exec>", "exec", flags | ast.PyCF_ONLY_AST)
        self.flags = flags

    def compile(self) -> Runner:
        self.code = compile(self.ast, "<exec>", "exec", self.flags)
        return self

    async def run_async(self, globals=None, locals=None):
        coroutine = eval(self.code, globals, locals)
        if coroutine:
            await coroutine


def run(coroutine):
    """Run a coroutine whose awaits only yield to the loop (asyncio.sleep(0)) to its end, with no
    event loop: asyncio.run refuses to start while another runs in the thread (Playwright's,
    when the end-to-end tests ran first in the same session)."""
    try:
        while True:
            coroutine.send(None)
    except StopIteration as done:
        return done.value


BOOTSTRAP = "import os as _os\nwritten = [_os.sep]\ndel _os\n"
SCRIPT = "import asyncio\nawait asyncio.sleep(0)\nstarted = True\n"


@pytest.fixture
def code_module():
    """A stand-in for pyodide.code, whose eval_code_async notes each call it is left with."""
    left = []

    async def eval_code_async(source, globals=None, locals=None, **options):
        left.append((source, options))
        flags = options.get("flags") or ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
        await Runner(source, flags=flags).compile().run_async(globals, locals)

    Runner.parsed.clear()
    precompiled.RUN.clear()
    module = types.SimpleNamespace(eval_code_async=eval_code_async, left=left)
    precompiled.install(module, Runner, [BOOTSTRAP, SCRIPT])
    yield module
    precompiled.RUN.clear()


def test_the_texts_are_compiled_once_at_install_and_run_from_that_code(code_module):
    assert Runner.parsed == [BOOTSTRAP, SCRIPT]  # at install: in the page, when the build ran
    for _ in range(2):
        scope = {}
        run(code_module.eval_code_async(BOOTSTRAP, scope))
        run(code_module.eval_code_async(SCRIPT, scope))  # with its top-level await
        assert scope["written"] and scope["started"] is True and "_os" not in scope
    assert Runner.parsed == [BOOTSTRAP, SCRIPT]  # never parsed again
    assert code_module.left == []
    assert precompiled.RUN == ["import os as _os", "import asyncio"] * 2


def test_any_other_text_or_a_call_with_an_option_of_its_own_takes_the_usual_way(code_module):
    scope = {}
    changed = SCRIPT.replace("True", "'yes'")  # e.g. the script of another build
    run(code_module.eval_code_async(changed, scope))
    assert scope["started"] == "yes"
    run(code_module.eval_code_async(BOOTSTRAP, scope, filename="bootstrap.py"))
    assert code_module.left == [(changed, {}), (BOOTSTRAP, {"filename": "bootstrap.py"})]
    assert Runner.parsed == [BOOTSTRAP, SCRIPT, changed, BOOTSTRAP]
    assert precompiled.RUN == []
