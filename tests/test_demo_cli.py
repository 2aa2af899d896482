"""``python -m bot --demo`` as a person runs it: bad arguments are one line and exit 2, a good run is clean."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_bot(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, DISCORD_TOKEN="", DATABASE_URL=f"sqlite:///{tmp_path}/demo.sqlite3",
               # show DeprecationWarnings from libraries too, as a developer's -W default would
               PYTHONWARNINGS="default")
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


@pytest.mark.parametrize(("args", "words"), [
    (["--hands", "3"], ["3 局", "--hands", "1、2、4、6、8"]),
    (["--variant", "nosuch"], ["nosuch", "--variant", "paohuzi（跑胡子）", "fangpaofa（放炮罚）"]),
    (["--variant", "fangpaofa", "--hands", "3"], ["放炮罚", "局数", "--hands"]),
    (["--variant", "liuhuqiang", "--hands", "40"], ["四人跑胡子", "--hands", "32"]),
    (["--humans", "5"], ["--humans", "1, 2, 3"]),
    (["--hands", "x"], ["--hands", "整数", "「x」"]),
    (["--seed", str(10**30)], ["--seed", "2^63"]),
    # argparse's own messages, in Chinese (issue 7: "invalid int value" in English)
    (["--seed", "abc"], ["--seed", "要写整数", "「abc」"]),
    (["--humans"], ["--humans", "后面要写一个值"]),
    (["--nosuch"], ["不认识的参数", "--nosuch"]),
    (["--h", "2"], ["--h", "不明确", "--humans"]),
])
def test_bad_argument_is_one_line_and_exit_2(tmp_path: Path, args: list[str], words: list[str]) -> None:
    proc = run_bot(tmp_path, "--demo", *args)
    assert proc.returncode == 2, (args, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    assert not re.search(r"invalid|argument|expected|unrecognized|choose|ambiguous", lines[0]), lines[0]


def test_demo_prints_no_warning_and_no_empty_block(tmp_path: Path) -> None:
    proc = run_bot(tmp_path, "--demo", "--hands", "1")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "演示结束" in proc.stdout
    blocks = re.split(r"\n── [^\n]* ──\n", proc.stdout)
    assert len(blocks) > 10
    # every block between two headers has something in it (the last one holds the summary)
    assert all(b.strip() for b in blocks[1:]), [i for i, b in enumerate(blocks) if not b.strip()]
