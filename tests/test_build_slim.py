"""What a first visit downloads (scripts/sitebuild/slim.py): the trimmed standard library and
pyodide.asm.mjs as a function body."""

from __future__ import annotations

import pytest
from sitebuild import slim


def test_asm_module_becomes_a_function_body_of_its_url():
    module = ("async function _createPyodideModule(m){var d=new URL('x',import.meta.url)}"
              "export default _createPyodideModule;\n")
    body = slim.asm_function(module)
    assert "import.meta" not in body and slim.ASM_URL_PARAMETER in body
    assert body.rstrip().endswith(slim.ASM_RETURN)


@pytest.mark.parametrize("module", ["function f(){}\n",  # no default export
                                    "let x=import.meta.resolve('y');export default f;\n"])
def test_an_asm_module_of_another_shape_stops_the_build(module):
    with pytest.raises(SystemExit):
        slim.asm_function(module)


def test_the_kept_modules_are_files_of_the_library():
    entries = {"json/__init__.py", "json/decoder.py", "os.py", "encodings/__init__.py",
               "encodings/utf_8.py", "xml/__init__.py"}
    assert slim.module_files(["json", "json.decoder", "os", "encodings.utf_8", "zzz"],
                             entries) == ["encodings/utf_8.py", "json/__init__.py",
                                          "json/decoder.py", "os.py"]
    assert slim.top_names(entries | {"site-packages/README.txt"}) == ["encodings", "json", "os",
                                                                     "xml"]


def test_the_shipped_list_names_real_modules():
    names = slim.kept_modules()
    assert "json" in names and "asyncio" in names and len(names) == len(set(names))
