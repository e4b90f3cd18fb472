"""web/imports.py: the page's modules imported from their archive, each read once."""

from __future__ import annotations

import py_compile
import sys
import zipfile
import zipimport

import pytest

from web import imports

MODULES = {
    "tales/__init__.py": "from .ending import last_word\n",
    "tales/ending.py": "def last_word():\n    return 'fin'\n",
    "tales/deep/__init__.py": "",
    "tales/deep/story.py": "from tales.ending import last_word\nTEXT = 'once ' + last_word()\n",
}


@pytest.fixture
def archive(tmp_path, monkeypatch):
    """An archive laid out as scripts/build.py makes modules.zip (NAME.py, NAME.pyc beside it,
    unchecked-hash bytecode), with the import system's state restored after the test."""
    path = tmp_path / "modules.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in MODULES.items():
            source = tmp_path / "src" / name
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_text(text)
            compiled = source.with_suffix(".pyc")
            py_compile.compile(str(source), cfile=str(compiled), dfile=name, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            zf.write(source, name)
            zf.write(compiled, name + "c")
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "path_hooks", list(sys.path_hooks))
    monkeypatch.setattr(sys, "path_importer_cache", dict(sys.path_importer_cache))
    yield str(path)
    for name in [name for name in sys.modules if name.partition(".")[0] == "tales"]:
        del sys.modules[name]


def reads_while(monkeypatch, action) -> list[str]:
    """The archive's members zipimport reads while `action` runs."""
    read, original = [], zipimport._get_data

    def counting(archive, toc_entry):
        read.append(toc_entry[0].rpartition("/")[2])
        return original(archive, toc_entry)

    monkeypatch.setattr(zipimport, "_get_data", counting)
    action()
    return read


def test_modules_and_packages_import_from_the_archive_each_read_once(archive, monkeypatch):
    imports.install(archive)
    read = reads_while(monkeypatch, lambda: __import__("tales.deep.story"))
    story = sys.modules["tales.deep.story"]
    assert story.TEXT == "once fin"
    assert story.__file__ == f"{archive}/tales/deep/story.py"
    assert sys.modules["tales"].__path__ == [f"{archive}/tales"]
    assert sys.modules["tales.deep"].__file__ == f"{archive}/tales/deep/__init__.py"
    assert isinstance(story.__loader__, imports.ArchiveImporter)
    # the bytecode only, once a module: neither the source nor a second read
    assert sorted(read) == ["__init__.pyc", "__init__.pyc", "ending.pyc", "story.pyc"]


def test_zipimport_itself_reads_each_module_twice(archive, monkeypatch):
    """What ArchiveImporter saves (if Python ever stops reading twice, it can go)."""
    sys.path.insert(0, archive)
    read = reads_while(monkeypatch, lambda: __import__("tales.ending"))
    assert sorted(read) == ["__init__.pyc", "__init__.pyc", "ending.pyc", "ending.pyc"]


def test_a_module_already_imported_from_the_archive_stays_and_the_rest_come_through_it(
        archive, monkeypatch):
    """web/main.py imports web/imports.py itself from the archive, with zipimport, first."""
    sys.path.insert(0, archive)
    import tales.ending  # noqa: F401, PLC0415 - zipimport's, before the install
    imports.install(archive)
    assert sys.path.count(archive) == 1
    import tales.deep.story  # noqa: PLC0415
    assert isinstance(tales.deep.story.__loader__, imports.ArchiveImporter)
    assert not isinstance(sys.modules["tales.ending"].__loader__, imports.ArchiveImporter)


def test_a_module_the_archive_lacks_is_not_found_as_usual(archive):
    imports.install(archive)
    with pytest.raises(ModuleNotFoundError):
        __import__("tales.missing")
    assert sys.modules["tales"].last_word() == "fin"
