#!/usr/bin/env python3
"""CPU seconds used on this machine during the next SECONDS, by kind of process (issue 37).

Samples /proc every 0.3 s, so processes that live for a moment (Chromium's page renderers, the
PostgreSQL backends) are counted too, which `time` misses. Usage, beside what you measure:
    python3 bench/cpu-by-process.py 90 & npx playwright test -c e2e/playwright.config.ts forms-a11y
"""
import collections
import os
import sys
import time

KINDS = [
    ('postgres', 'postgres'),
    ('--type=renderer', 'chromium renderer'),
    ('gpu-process', 'chromium gpu'),
    ('--type=utility', 'chromium utility'),
    ('chromium', 'chromium browser'),
    ('dist/server.js', 'server'),
    ('workerProcessEntry', 'playwright worker'),
    ('playwright', 'playwright runner'),
    ('vitest', 'vitest'),
    ('eslint', 'eslint'),
    ('tsc', 'tsc'),
]


def kind(pid):
    try:
        with open(f'/proc/{pid}/cmdline', 'rb') as f:
            cmd = f.read().replace(b'\0', b' ').decode(errors='ignore')
    except OSError:
        return None
    for needle, name in KINDS:
        if needle in cmd:
            return name
    return 'other: ' + cmd[:40]


def command(pid):
    try:
        with open(f'/proc/{pid}/cmdline', 'rb') as f:
            return f.read().replace(b'\0', b' ').decode(errors='ignore')[:110]
    except OSError:
        return ''


def main(seconds):
    seen, total, first = {}, collections.Counter(), True
    commands = collections.defaultdict(collections.Counter)
    end = time.time() + seconds
    while time.time() < end:
        for pid in filter(str.isdigit, os.listdir('/proc')):
            try:
                with open(f'/proc/{pid}/stat') as f:
                    stat = f.read()
            except OSError:
                continue
            fields = stat[stat.rindex(')') + 2:].split()
            ticks = int(fields[11]) + int(fields[12])
            key = (pid, fields[19])  # a pid with its start time: pids are reused
            if key not in seen:
                # What ran before the sampling began is not counted.
                    seen[key] = [ticks if first else 0, kind(pid), command(pid)]
            last, name, cmd = seen[key]
            if name and ticks > last:
                total[name] += ticks - last
                commands[name][cmd] += ticks - last
            seen[key][0] = ticks
        first = False
        time.sleep(0.3)
    hz = os.sysconf('SC_CLK_TCK')
    for name, ticks in total.most_common(15):
        print(f'{ticks / hz:8.1f} s  {name}')
        # The commands behind each kind, so a surprising total can be traced to what ran.
        for cmd, cmd_ticks in commands[name].most_common(3):
            print(f'          {cmd_ticks / hz:8.1f} s  {cmd}')


if __name__ == '__main__':
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 60)
