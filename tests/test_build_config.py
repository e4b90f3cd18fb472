"""The build's config check (scripts/sitebuild/config.py): it fails with the fix, never rewrites."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sitebuild.config import MODULES_FILES, check_config, config_problems, toml_table

ROOT = Path(__file__).resolve().parents[1]
CONFIG_FILES = ("pyscript.toml", "index.html")


def committed(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def test_the_committed_config_passes():
    assert config_problems(committed("pyscript.toml"), committed("index.html")) == []


def test_a_wrong_files_table_is_reported_with_the_table_to_write():
    wrong = committed("pyscript.toml").replace("./modules.zip", "./other.zip")
    (problem,) = config_problems(wrong, committed("index.html"))
    assert "[files]" in problem and toml_table("files", MODULES_FILES) in problem


def test_a_wrong_interpreter_plugins_or_mpy_config_is_reported():
    toml = committed("pyscript.toml").replace("./web/boot.js", "https://cdn.example/pyodide.mjs")
    toml = toml.replace('"!donkey", ', "")
    page = committed("index.html").replace('"!donkey",', "")
    problems = config_problems(toml, page)
    assert [p.split(" ")[0] for p in problems] == ["pyscript.toml:"] * 2 + ["index.html:"]
    assert "interpreter" in problems[0] and "plugins" in problems[1]


def test_broken_toml_is_a_problem_not_a_crash():
    assert "not valid TOML" in config_problems("[files", committed("index.html"))[0]


def test_the_check_fails_on_a_wrong_config_and_leaves_the_file_as_it_was(tmp_path, capsys):
    for name in CONFIG_FILES:
        shutil.copy(ROOT / name, tmp_path / name)
    wrong = committed("pyscript.toml").replace('[files]\n"./web', '[files]\n"./old')
    (tmp_path / "pyscript.toml").write_text(wrong, encoding="utf-8")
    with pytest.raises(SystemExit):
        check_config(tmp_path)
    assert (tmp_path / "pyscript.toml").read_text(encoding="utf-8") == wrong
    assert toml_table("files", MODULES_FILES) in capsys.readouterr().err
