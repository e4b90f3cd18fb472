"""The command line refuses bad arguments with a one-line reason, never a traceback."""

from importlib.metadata import version
from importlib.resources import files

import pytest

import plot
from plot.__main__ import main
from plot.prng import MAX_SEED


@pytest.mark.parametrize(("argv", "words"), [
    (["solve", "-1"], f"a game number is from 0 to {MAX_SEED}, not -1"),
    (["solve", str(MAX_SEED + 1)], f"not {MAX_SEED + 1}"),
    (["rate", "4x2"], "'4x2' is not a whole number"),
    (["solve", "42", "--budget", "-1"], "a number of seconds above 0, not -1"),
    (["solve", "42", "--nodes", "0"], "1 or more, not 0"),
    (["rate", "-3"], "not -3"),
    (["rate", "42", "--playouts", "0"], "1 or more, not 0"),
    (["study", "--count", "-3"], "1 or more, not -3"),
    (["study", "--jobs", "0"], "1 or more, not 0"),
    (["analyse", "game.txt", "--budget", "nan"], "above 0, not nan"),
    (["rate-study", "--count", "2"], "the following arguments are required: --out"),
    (["study", "--first", str(MAX_SEED), "--count", "2"], "go past the last game number"),
    (["rate-study", "--first", str(MAX_SEED - 1), "--count", "3", "--out", "x.txt"],
     "go past the last game number"),
])
def test_bad_arguments_are_refused_with_a_reason(argv, words, capsys):
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    error = capsys.readouterr().err
    assert words in error and "Traceback" not in error


def test_a_missing_pool_of_daily_deals_is_a_plain_error(tmp_path, capsys):
    assert main(["daily", "2026-12-01", "--pool", str(tmp_path / "missing.txt")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: cannot read the pool of daily deals") and "missing.txt" in error


def test_solve_reads_digits_as_a_deal_and_anything_else_as_a_record(tmp_path, capsys,
                                                                    monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "7").write_text("not a record")
    assert main(["solve", "+7", "--nodes", "1"]) == 0  # digits, as int() reads them: game 7
    assert capsys.readouterr().out.startswith("game 7: ")
    assert main(["solve", "./7"]) == 1  # a file named with digits only
    assert capsys.readouterr().err.startswith("./7: ")


def test_the_version_is_written_once_and_the_package_says_it_is_typed(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"the-plot {plot.__version__}"
    assert version("the-plot") == plot.__version__  # pyproject.toml reads plot.__version__
    assert files("plot").joinpath("py.typed").is_file()  # PEP 561
