#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal, types keys into it and reads its screen as text.

A test peer for full-screen programs (the `bistro` app's tests use it): the child gets a real
terminal of a fixed size; its output goes through a small VT100 emulator (the sequences an ANSI
full-screen program sends: cursor moves, erase, attributes, the alternate screen), so a step can
wait for text to be *on the screen* rather than somewhere in the byte stream, where a redraw that
sends only changed cells would split it.

    pty-session.py --rows 24 --cols 80 --steps STEPS_JSON [--env K=V ...] -- COMMAND [ARG ...]

STEPS_JSON is a list of steps, run in order:
    ["wait", "text"]         wait until the screen shows "text" (20 s at most)
    ["wait-gone", "text"]    wait until the screen no longer shows "text"
    ["send", "keys"]         write the keys (a string; "\\t" is Tab, "\\u001b" Escape, "\\u0003" Ctrl-C)
    ["snapshot", "name"]     record the screen under "name"
    ["run", ["cmd", "arg"]]  run another command to its end (its output is discarded), as a user in
                             a second terminal would; a non-zero exit fails the step
    ["exit"]                 wait for the child to end (20 s at most)

Prints one JSON object: {"status": exit status or null, "snapshots": {...}, "screen": the last
screen, "main_screen": what was printed outside the alternate screen, "restored": whether the
output ended by leaving the alternate screen with the cursor shown, "failure": null or why a step
failed (the child is then sent Ctrl-C, then killed)}.
"""
import argparse
import codecs
import fcntl
import json
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import unicodedata

STEP_TIMEOUT = 20.0


def cell_width(char):
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


class Emulator:
    """The part of a VT100/xterm that ANSI full-screen programs use."""

    CSI = re.compile(r"\x1b\[([?0-9;]*)([A-Za-z@])")

    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols
        self.alternate = False
        self.grid = self._blank()
        self.main_text = ""
        self.row = self.col = 0
        self.cursor_visible = True
        self.pending = ""
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def _blank(self):
        return [[" "] * self.cols for _ in range(self.rows)]

    def feed(self, data):
        text = self.pending + self.decoder.decode(data)
        self.pending = ""
        index = 0
        while index < len(text):
            char = text[index]
            if char == "\x1b":
                match = self.CSI.match(text, index)
                if match:
                    self._csi(match.group(1), match.group(2))
                    index = match.end()
                    continue
                rest = text[index:]
                if rest == "\x1b" or re.fullmatch(r"\x1b\[[?0-9;]*", rest):
                    self.pending = rest  # an escape split across reads
                    return
                index += 2  # a two-byte escape (ESC ( B, ESC =, ...): nothing to show
                continue
            self._print(char)
            index += 1

    def _csi(self, params, final):
        numbers = [int(p) if p.isdigit() else 0 for p in params.lstrip("?").split(";")] if params else []
        if final == "H" or final == "f":
            row = numbers[0] if len(numbers) > 0 and numbers[0] else 1
            col = numbers[1] if len(numbers) > 1 and numbers[1] else 1
            self.row, self.col = min(row, self.rows) - 1, min(col, self.cols) - 1
        elif final == "J":
            if numbers and numbers[0] == 2:
                self.grid = self._blank()
        elif final == "K":
            for col in range(self.col, self.cols):
                self.grid[self.row][col] = " "
        elif final in ("h", "l") and params.startswith("?"):
            modes = numbers
            if 1049 in modes:
                self.alternate = final == "h"
                if self.alternate:
                    self.grid = self._blank()
                    self.row = self.col = 0
            if 25 in modes:
                self.cursor_visible = final == "h"
        # m (attributes) and other sequences change nothing this emulator shows.

    def _print(self, char):
        if not self.alternate:
            self.main_text += char
            return
        if char == "\r":
            self.col = 0
            return
        if char == "\n":
            self.row = min(self.row + 1, self.rows - 1)
            return
        if ord(char) < 0x20:
            return
        width = cell_width(char)
        if width == 0:
            if self.col > 0:
                self.grid[self.row][self.col - 1] += char
            return
        if self.col + width > self.cols:
            return  # auto-wrap is off in the programs this serves
        self.grid[self.row][self.col] = char
        if width == 2:
            self.grid[self.row][self.col + 1] = ""  # the right half of a wide character
        self.col += width

    def screen(self):
        return "\n".join("".join(row).rstrip() for row in self.grid)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--steps", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    steps = json.loads(args.steps)

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", args.rows, args.cols, 0, 0))
    pid = os.fork()
    if pid == 0:
        os.close(master)
        os.login_tty(slave)
        os.execv(command[0], command)
    os.close(slave)

    emulator = Emulator(args.rows, args.cols)
    raw = bytearray()
    result = {"status": None, "snapshots": {}, "failure": None}

    def pump(timeout):
        ready = select.select([master], [], [], timeout)[0]
        if not ready:
            return True
        try:
            data = os.read(master, 65536)
        except OSError:
            return False  # the child closed the terminal
        if not data:
            return False
        raw.extend(data)
        emulator.feed(data)
        return True

    def reap(deadline):
        while time.time() < deadline:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                result["status"] = os.waitstatus_to_exitcode(status)
                return True
            if not pump(0.05):
                time.sleep(0.01)
        return False

    def wait_until(condition):
        deadline = time.time() + STEP_TIMEOUT
        while not condition():
            if time.time() > deadline or not pump(0.1):
                return condition()
        return True

    for step in steps:
        kind = step[0]
        if kind == "wait" and not wait_until(lambda: step[1] in emulator.screen()):
            result["failure"] = "timed out waiting for %r" % step[1]
        elif kind == "wait-gone" and not wait_until(lambda: step[1] not in emulator.screen()):
            result["failure"] = "timed out waiting for %r to go" % step[1]
        elif kind == "send":
            data = step[1].encode("utf-8")
            while data:  # a long paste goes in pieces the terminal's buffer can take
                written = os.write(master, data[:512])
                data = data[written:]
                pump(0)
        elif kind == "run":
            code = subprocess.run(step[1], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
            if code != 0:
                result["failure"] = "%r exited with %d" % (step[1], code)
        elif kind == "snapshot":
            pump(0)
            result["snapshots"][step[1]] = emulator.screen()
        elif kind == "exit" and not reap(time.time() + STEP_TIMEOUT):
            result["failure"] = "the program did not end"
        if result["failure"]:
            break

    if result["status"] is None:
        if result["failure"]:
            os.write(master, b"\x03")
        if not reap(time.time() + (5 if result["failure"] else STEP_TIMEOUT)):
            os.kill(pid, signal.SIGKILL)
            reap(time.time() + 5)
    while pump(0.05):
        if not select.select([master], [], [], 0)[0]:
            break
    result["screen"] = emulator.screen()
    result["main_screen"] = emulator.main_text
    result["restored"] = (not emulator.alternate) and emulator.cursor_visible and raw.endswith(b"\x1b[?1049l")
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
