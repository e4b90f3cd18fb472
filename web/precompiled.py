"""The two texts Python runs at every start of the page, compiled once when the build makes the
interpreter's snapshot instead of at every start.

PyScript hands Pyodide two texts as the page starts: its bootstrap (it writes the sources of its
`pyscript` package into the home folder and imports it: 33 KB of Python) and the page's script
(web/main.py). Pyodide's `eval_code_async` parses each, checks it for a trailing semicolon, walks
and compiles it, every time: 25-50 ms of a restored start (measured in Chromium), with the
WebAssembly of Python's compiler compiled on the way. The snapshot (scripts/snapshot.mjs) calls
`install` with those two texts as PyScript will hand them over: each is compiled there by
Pyodide's own `CodeRunner` with the options `eval_code_async` gives it, and `eval_code_async` is
wrapped so that exactly such a text, with no option of its own, runs the code compiled for it.
Any other text (another build's script, anything the page or a test runs) takes the usual way,
so a text that changed is only ever slower, never stale. Needs no browser: the snapshot is made
in Node.
"""

from __future__ import annotations

import ast

# The first line of each text run from the code compiled for it, in order: the end-to-end tests
# read it to see that both of PyScript's texts are the very ones the build compiled.
RUN: list[str] = []


def install(code_module, runner_class, texts) -> None:
    """Compile each of `texts` with `runner_class` (Pyodide's CodeRunner) as
    `code_module.eval_code_async` (pyodide.code's) would, and wrap that function so that it runs
    the compiled code when handed exactly one of them and nothing else."""
    flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT  # eval_code_async's, when it is given none
    runners = {}
    for text in texts:
        runner = runner_class(text, flags=flags).compile()
        runner.ast = None  # the snapshot keeps the code, not the syntax tree it came from
        runners[text] = runner
    parse_and_compile = code_module.eval_code_async

    async def eval_code_async(source, globals=None, locals=None, **options):
        runner = None if options else runners.get(source)
        if runner is None:
            return await parse_and_compile(source, globals, locals, **options)
        RUN.append(source.partition("\n")[0])
        return await runner.run_async(globals, locals)

    eval_code_async.__doc__ = parse_and_compile.__doc__
    code_module.eval_code_async = eval_code_async
