#!/usr/bin/env python3
"""Attacks a running Lectern server on loopback, one attack at a time, and reports what everyone
else saw meanwhile: /api/health latency, other clients' success rate and the server's peak RSS.

    scripts/abuse_attacks.py PORT SERVER_PID [PHASE_SECONDS]

Phases (each PHASE_SECONDS long, 10 by default; every loop stops at the end of its phase):
  baseline      no attack
  idle-hog      one address opens up to 4,200 sockets and sends nothing
  idle-hog, 20 addresses   the same sockets spread over 20 addresses, under the per-address cap
  large-bodies  40 anonymous clients each POST 24 MiB to an instructor route, again and again
  search-flood  20 clients from one address send 6 KB prefix queries as fast as they are answered
  sign-in-flood 8 clients sign in with wrong passwords for ever new usernames (each one hashed), about 100 a second

Attackers and bystanders use different loopback source addresses (127.0.0.2 and up), so that
per-address limits apply as they would to different machines. Loopback only.
"""
import socket
import statistics
import sys
import threading
import time

HOST = "127.0.0.1"
HOG_SOCKETS = 4200
BODY_CLIENTS = 40
BODY_BYTES = 24 << 20
SEARCH_CLIENTS = 20
BYSTANDERS = 4


def connect(port, source, timeout):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect((HOST, port))
    return s


def status_of(s):
    """Reads until the end of the status line; the status code, or None."""
    data = b""
    while b"\r\n" not in data and len(data) < 4096:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    parts = data.split(b" ", 2)
    return int(parts[1]) if len(parts) >= 2 and parts[1].isdigit() else None


def one_request(port, source, target, timeout=5.0):
    """One request on its own connection: (status or None, seconds)."""
    start = time.monotonic()
    try:
        s = connect(port, source, timeout)
        try:
            s.sendall(f"GET {target} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
            status = status_of(s)
        finally:
            s.close()
    except OSError:
        status = None
    return status, time.monotonic() - start


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Phase:
    """Health probes, bystanders and an RSS sampler, running until `stop` is set."""

    def __init__(self, port, pid):
        self.port, self.pid = port, pid
        self.stop = threading.Event()
        self.health_ms = []
        self.health_failed = 0
        self.others_ok = 0
        self.others_total = 0
        self.peak_rss_kb = 0
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.probe_health, daemon=True),
                        threading.Thread(target=self.sample_rss, daemon=True)]
        self.threads += [threading.Thread(target=self.bystander, args=(i,), daemon=True) for i in range(BYSTANDERS)]

    def probe_health(self):
        while not self.stop.is_set():
            status, seconds = one_request(self.port, "127.0.0.9", "/api/health")
            with self.lock:
                self.health_ms.append(seconds * 1000)
                if status != 200:
                    self.health_failed += 1
            self.stop.wait(0.02)

    def bystander(self, i):
        targets = ["/api/courses", "/api/search?q=magic", "/courses/cs193p", "/api/search?q=layout"]
        n = 0
        while not self.stop.is_set():
            status, _ = one_request(self.port, f"127.0.1.{i + 1}", targets[n % len(targets)])
            n += 1
            with self.lock:
                self.others_total += 1
                self.others_ok += 1 if status == 200 else 0
            self.stop.wait(0.05)

    def sample_rss(self):
        while not self.stop.is_set():
            try:
                with open(f"/proc/{self.pid}/status") as f:
                    for line in f:
                        if line.startswith("VmRSS:"):
                            self.peak_rss_kb = max(self.peak_rss_kb, int(line.split()[1]))
            except OSError:
                pass
            self.stop.wait(0.1)

    def run(self, seconds, attack):
        for t in self.threads:
            t.start()
        attack_stop = threading.Event()
        attack_result = {}
        attacker = threading.Thread(target=attack, args=(self.port, attack_stop, attack_result), daemon=True)
        attacker.start()
        time.sleep(seconds)
        attack_stop.set()
        self.stop.set()
        for t in self.threads:
            t.join(10)
        attacker.join(15)
        return attack_result


def no_attack(port, stop, result):
    result["note"] = "-"


def idle_hog(port, stop, result, sources=("127.0.0.2",)):
    sockets, refused, failed = [], 0, 0
    for i in range(HOG_SOCKETS):
        if stop.is_set():
            break
        try:
            sockets.append(connect(port, sources[i % len(sources)], 2))
        except OSError:
            failed += 1
    # See which ones the server refused (503 and closed) and which it keeps.
    for s in sockets:
        s.setblocking(False)
    stop.wait(1)
    kept = 0
    for s in sockets:
        try:
            data = s.recv(64)
            if data.startswith(b"HTTP/1.1 503") or not data:
                refused += 1
        except BlockingIOError:
            kept += 1
        except OSError:
            refused += 1
    stop.wait()
    for s in sockets:
        s.close()
    result["note"] = f"{len(sockets)} opened, {kept} held, {refused} refused or shed"


def spread_idle_hog(port, stop, result):
    """The same 4,200 idle sockets from 20 addresses, each under the per-address cap: only the
    global table limits them, and idle ones are shed to make room for others."""
    idle_hog(port, stop, result, sources=tuple(f"127.0.2.{i + 1}" for i in range(20)))


def large_bodies(port, stop, result):
    statuses = {}
    sent_total = [0]
    lock = threading.Lock()
    chunk = b"x" * (256 * 1024)
    head = (f"POST /courses/cs193p/lectures/new HTTP/1.1\r\nHost: {HOST}\r\n"
            f"Content-Type: multipart/form-data; boundary=b\r\nContent-Length: {BODY_BYTES}\r\n\r\n").encode()

    def client():
        while not stop.is_set():
            status, sent = None, 0
            try:
                s = connect(port, "127.0.0.3", 5)
                try:
                    s.sendall(head)
                    while sent < BODY_BYTES and not stop.is_set():
                        s.sendall(chunk)
                        sent += len(chunk)
                    status = status_of(s)
                except OSError:
                    try:
                        status = status_of(s)
                    except OSError:
                        pass
                finally:
                    s.close()
            except OSError:
                pass
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
                sent_total[0] += sent

    threads = [threading.Thread(target=client, daemon=True) for _ in range(BODY_CLIENTS)]
    for t in threads:
        t.start()
    stop.wait()
    for t in threads:
        t.join(10)
    answers = ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0])))
    result["note"] = f"{sum(statuses.values())} uploads ({answers}; None: reset before the answer was read), " \
                     f"{sent_total[0] >> 20} MiB sent before the server closed"


def search_flood(port, stop, result):
    # 6 KB of two-letter prefix terms (`*` needs no escaping in a query string).
    words = " ".join(f"{chr(97 + i % 26)}{chr(97 + (i // 26) % 26)}*" for i in range(2000))[:6000]
    target = "/api/search?q=" + words.replace(" ", "+")
    statuses = {}
    lock = threading.Lock()

    def client():
        while not stop.is_set():
            status, _ = one_request(port, "127.0.0.4", target)
            with lock:
                statuses[status] = statuses.get(status, 0) + 1

    threads = [threading.Thread(target=client, daemon=True) for _ in range(SEARCH_CLIENTS)]
    for t in threads:
        t.start()
    stop.wait()
    for t in threads:
        t.join(10)
    answers = ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0])))
    result["note"] = f"{sum(statuses.values())} searches ({answers})"


def sign_in_flood(port, stop, result):
    statuses = {}
    lock = threading.Lock()
    counter = [0]

    def client(index):
        while not stop.is_set():
            with lock:
                counter[0] += 1
                n = counter[0]
            body = ('{"username":"flood-%d","password":"not the password %d"}' % (n, n)).encode()
            start = time.monotonic()
            try:
                s = connect(port, "127.0.0.5", 5.0)
                try:
                    s.sendall(b"POST /api/session HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\nConnection: close\r\n"
                              b"Content-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
                    status = status_of(s)
                finally:
                    s.close()
            except OSError:
                status = None
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
            # About 12 a second per client: 8 clients make the 96 a second of the report.
            stop.wait(max(0.0, 1 / 12 - (time.monotonic() - start)))

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(8)]
    for t in threads:
        t.start()
    stop.wait()
    for t in threads:
        t.join(10)
    answers = ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0])))
    result["note"] = f"{sum(statuses.values())} sign-ins ({answers})"


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0
    rows = []
    for name, attack in [("baseline", no_attack), ("idle-hog", idle_hog), ("idle-hog, 20 addresses", spread_idle_hog),
                         ("large-bodies", large_bodies), ("search-flood", search_flood), ("sign-in-flood", sign_in_flood)]:
        phase = Phase(port, pid)
        result = phase.run(seconds, attack)
        others = 100.0 * phase.others_ok / phase.others_total if phase.others_total else float("nan")
        rows.append((name, percentile(phase.health_ms, 50), percentile(phase.health_ms, 99), len(phase.health_ms),
                     phase.health_failed, others, phase.others_total, phase.peak_rss_kb / 1024, result.get("note", "")))
        time.sleep(1)
    print()
    print("| Phase | /api/health p50 ms | p99 ms | probes (failed) | others OK % (requests) | peak RSS MB | attacker saw |")
    print("|---|---|---|---|---|---|---|")
    for name, p50, p99, n, failed, ok, total, rss, note in rows:
        print(f"| {name} | {p50:.1f} | {p99:.1f} | {n} ({failed}) | {ok:.1f} ({total}) | {rss:.0f} | {note} |")


if __name__ == "__main__":
    main()
