#!/usr/bin/env python3
"""Helper for bench/run.sh: seeds the shop through its API, checks orders after
a load run, parses wrk's output, reads a process's resident memory and writes
the results table. Standard library only.

Every measurement is one JSON line in the results file ($BENCH_RESULTS); the
`report` command turns them into the Markdown table.
"""
import http.client
import json
import os
import random
import re
import sys
import time
import uuid
from urllib.parse import urlsplit


# ---------------------------------------------------------------- HTTP


class Api:
    """A keep-alive JSON client for one base address (http://127.0.0.1:PORT)."""

    def __init__(self, base, token=None):
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        self.token = token
        self.conn = None

    def call(self, method, path, body=None, raw=None, content_type=None):
        headers = {"accept": "application/json"}
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["content-type"] = "application/json"
        elif raw is not None:
            data = raw
            headers["content-type"] = content_type
        for attempt in range(3):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection(self.host, self.port, timeout=120)
                self.conn.request(method, path, body=data, headers=headers)
                resp = self.conn.getresponse()
                payload = resp.read()
                return resp.status, resp.getheaders(), payload
            except (http.client.HTTPException, OSError):
                self.conn = None
                if attempt == 2:
                    raise
                time.sleep(0.2)

    def json(self, method, path, body=None, expect=(200, 201)):
        status, _, payload = self.call(method, path, body)
        if status not in expect:
            raise SystemExit(f"{method} {path}: HTTP {status}: {payload[:300]!r}")
        return json.loads(payload) if payload else None


def login(base, email, password):
    return Api(base).json("POST", "/api/auth/login", {"email": email, "password": password})["token"]


def multipart(field, filename, data, mime):
    boundary = uuid.uuid4().hex
    head = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; "
        f"filename=\"{filename}\"\r\nContent-Type: {mime}\r\n\r\n"
    ).encode()
    return head + data + f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


# ---------------------------------------------------------------- commands

# The most stock a part may hold (the API refuses more): what each seeded part
# starts with, and what the hot part is refilled to before each of its runs.
MOST_STOCK = 1_000_000


def cmd_seed(base, count, password, ids_file, images_dir=""):
    """Logs in as the admin, uploads the demo pictures (if any), adds `count`
    parts with big stock and minimum order 1, and writes their ids, one a line."""
    api = Api(base, login(base, "admin@example.com", password))
    images = []
    if images_dir and os.path.isdir(images_dir):
        for name in sorted(os.listdir(images_dir)):
            if not name.endswith(".png") or name.startswith("avatar"):
                continue
            with open(os.path.join(images_dir, name), "rb") as f:
                raw, ctype = multipart("image", name, f.read(), "image/png")
            status, _, payload = api.call("POST", "/api/image", raw=raw, content_type=ctype)
            if status in (200, 201):
                doc = json.loads(payload)
                url = doc.get("url") or doc.get("img") or (doc.get("data") or {}).get("url")
                if url:
                    images.append(url)
            else:
                print(f"image upload {name}: HTTP {status} {payload[:200]!r}", file=sys.stderr)
    if not images:
        images = ["https://example.com/part.png"]
    rng = random.Random(7)
    nouns = ["Brake Pad Set", "Oil Filter", "Spark Plug", "Alternator", "Radiator Hose",
             "Timing Belt", "Water Pump", "Wiper Blade", "Shock Absorber", "Air Filter"]
    ids = []
    for i in range(int(count)):
        noun = nouns[i % len(nouns)]
        part = {
            "name": f"{noun} No. {i + 1:04d}",
            "description": (
                f"Bench catalogue part {i + 1}: a {noun.lower()} made to OE specification, "
                "tested for fit and finish, with a two-year warranty. "
                "Fits most European and Japanese cars from 2005 on; check the part number "
                "against your vehicle's handbook before ordering."
            ),
            "availableQuantity": MOST_STOCK,
            "minimumOrder": 1,
            "price": round(rng.uniform(3, 400), 2),
            "img": images[i % len(images)],
        }
        doc = api.json("POST", "/api/part", part, expect=(201,))
        ids.append(str(doc["insertedId"]))
    with open(ids_file, "w") as f:
        f.write("\n".join(ids) + "\n")
    print(f"seeded {len(ids)} parts, {len(images)} pictures")


def cmd_import(base, password, key, rows="10000"):
    """Imports a generated catalogue file of `rows` new parts (each with two
    OEM numbers, a superseded number and two fitments) through
    POST /api/admin/parts/import, then the same file again (every part
    unchanged), and records how long each took."""
    api = Api(base, login(base, "admin@example.com", password))
    # A picture the shop serves itself (one the seeding uploaded): the pages
    # Lighthouse audits afterwards show the newest parts, and the
    # Content-Security-Policy rightly blocks pictures from other sites.
    status, _, payload = api.call("GET", "/api/part?limit=1")
    seeded = json.loads(payload) if status == 200 else []
    img = seeded[0].get("img", "") if seeded else ""
    if not img.startswith("/"):
        img = "https://example.com/part.png"
    header = ("sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,"
              "category,weightKg,oemNumbers,replaces,fitments")
    lines = [header]
    for n in range(int(rows)):
        lines.append(
            f"IMP-{n:06d},Imported part {n},Bench import part {n},{img},"
            f"{n % 500 + 1}.{n % 100:02d},{n % 50},1,3,Filters,0.{n % 999 + 1:03d},"
            f"OEM-{n};ALT-{n},OLD-{n},Toyota|Corolla|2010|2015|1.8L L4|LE|||;Honda|Civic|2012|2016")
    raw = ("\n".join(lines) + "\n").encode()
    rec = {"key": key, "rows": int(rows), "bytes": len(raw)}
    for run, want in (("seconds", "added"), ("again_seconds", "unchanged")):
        started = time.monotonic()
        status, headers, payload = api.call("POST", "/api/admin/parts/import", raw=raw,
                                            content_type="text/csv")
        if status == 202:
            # Not over within the request's wait: the job goes on; follow it.
            location = dict((k.lower(), v) for k, v in headers).get("location", "")
            while status == 202 or json.loads(payload).get("state") == "running":
                time.sleep(0.1)
                status, _, payload = api.call("GET", location)
                if status != 200:
                    break
        rec[run] = time.monotonic() - started
        if status != 200:
            rec["error"] = f"HTTP {status}: {payload[:200]!r}"
            break
        doc = json.loads(payload)
        if doc.get(want) != int(rows):
            rec["error"] = f"{want} {doc.get(want)} of {rows}: {doc}"
            break
    record(rec)
    print(json.dumps(rec))


def cmd_refill(base, password, part_id):
    """Restocks the part back to the most a part may hold (1,000,000 units,
    `POST /api/part/{id}/restock`, an admin's stock event like any other):
    before each hot-part run, so no run finds its part sold out by the runs
    before it, however fast the shop takes orders."""
    api = Api(base, login(base, "admin@example.com", password))
    left = api.json("GET", f"/api/part/{part_id}")["availableQuantity"]
    if left < MOST_STOCK:
        api.json("POST", f"/api/part/{part_id}/restock", {"quantity": MOST_STOCK - left})


def cmd_buyer(base, label):
    """Signs up a fresh buyer and prints their token."""
    email = f"bench-{label}-{uuid.uuid4().hex[:8]}@example.com"
    doc = Api(base).json(
        "POST", "/api/auth/signup",
        {"name": "Bench Buyer", "email": email, "password": "bench-secret-12"}, expect=(201,))
    print(doc["token"])


def stocks(base, ids=None):
    """Each part's stock: the whole catalogue's from `GET /api/part`, or, for
    `ids` (in a catalogue too big for one answer), each part's own."""
    api = Api(base)
    if ids is not None:
        found = {}
        for pid in ids:
            status, _, payload = api.call("GET", f"/api/part/{pid}")
            if status == 200:
                found[str(pid)] = int(json.loads(payload)["availableQuantity"])
        return found
    status, headers, payload = api.call("GET", "/api/part")
    if status != 200:
        raise SystemExit(f"GET /api/part: HTTP {status}")
    return {str(p["_id"]): int(p["availableQuantity"]) for p in json.loads(payload)}


def cmd_snapshot(base, out, ids_file=""):
    """The stock of every part, or with `ids_file` of the parts it names."""
    ids = [line.strip() for line in open(ids_file) if line.strip()] if ids_file else None
    with open(out, "w") as f:
        json.dump(stocks(base, ids), f)


def token_user_id(token):
    """The user id (`sub`) a token was signed for, read without checking the
    signature: the bench made the token and only needs to know whose it is."""
    import base64
    claims = token.split(".")[1]
    return int(json.loads(base64.urlsafe_b64decode(claims + "=" * (-len(claims) % 4)))["sub"])


def database_rows(database, sql):
    """The rows of `sql` in the shop's database itself: an SQLite file (read
    only, beside the running shop), or a PostgreSQL URL through psql."""
    if database.startswith(("postgres://", "postgresql://")):
        import subprocess
        # -X: no ~/.psqlrc, whose settings could add lines to the output.
        done = subprocess.run(["psql", "-X", database, "-qAt", "-F", ",", "-c", sql],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"psql: {done.stderr.strip()}")
        return [line.split(",") for line in done.stdout.splitlines() if line]
    import sqlite3
    from urllib.parse import quote
    con = sqlite3.connect(f"file:{quote(database)}?mode=ro", uri=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def orders_held(database, buyer):
    """The orders `buyer` holds, not cancelled: (how many, units per part id).
    Read from the database, not through the shop: a load run leaves one buyer
    with 100,000 orders and more, and `GET /api/booking` answers every one of
    them in one body, which would leave its mark on the shop's memory
    measured after the load."""
    held = f"b.buyer_id = {int(buyer)} AND b.fulfilment_status <> 'cancelled'"
    units = database_rows(database, f"""SELECT l.part_id, SUM(l.quantity)
        FROM bookings b JOIN booking_lines l ON l.booking_id = b.id
        WHERE {held} GROUP BY l.part_id""")
    [(count,)] = database_rows(database, f"SELECT COUNT(*) FROM bookings b WHERE {held}")
    return int(count), {str(part): int(n) for part, n in units}


def cmd_verify(base, token, before_file, created, connections, database, by_id=""):
    """After an order run with a fresh buyer: every order in the database took
    exactly its units from its part's stock (none lost, none oversold), and the
    orders the database holds match wrk's count of 201 answers (at most one
    request per connection may still have been in flight when wrk stopped).
    `database` is where the shop keeps them (see `orders_held`). With `by_id`,
    the parts of the snapshot are read one by one."""
    created, connections = int(created), int(connections)
    with open(before_file) as f:
        before = json.load(f)
    after = stocks(base, list(before) if by_id else None)
    try:
        in_db, units = orders_held(database, token_user_id(token))
    except Exception as e:  # noqa: BLE001 - any failure is the check's answer
        print(json.dumps({"ok": False, "text": f"reading the orders from the database: {e}"}))
        return
    problems = []
    for pid, start in before.items():
        now = after.get(pid)
        if now is None:
            problems.append(f"part {pid} vanished")
            continue
        if now < 0:
            problems.append(f"part {pid} stock {now} < 0")
        if start - now != units.get(pid, 0):
            problems.append(f"part {pid}: stock fell by {start - now}, orders hold {units.get(pid, 0)}")
    extra = in_db - created
    if extra < 0:
        problems.append(f"{created} answered 201 but only {in_db} orders in the database (lost)")
    elif extra > connections:
        problems.append(f"{in_db} orders in the database but only {created} answered 201")
    ok = not problems
    text = (f"{created} × 201, {in_db} in DB"
            + (f" (+{extra} in flight at stop)" if extra > 0 else "")
            + f", {sum(units.values())} units = stock taken from {len(units)} part"
            + ("s" if len(units) != 1 else ""))
    if not ok:
        text = "; ".join(problems[:4]) + (f" (+{len(problems) - 4} more)" if len(problems) > 4 else "")
    print(json.dumps({"ok": ok, "text": text, "orders_db": in_db, "created": created,
                      "parts_touched": len(units)}))


UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def ms(value):
    m = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value.strip())
    return float(m.group(1)) * UNITS[m.group(2)] if m else None


def parse_wrk(path):
    text = open(path).read()
    out = {"rps": None, "p50": None, "p99": None, "requests": None, "non2xx": 0,
           "socket_errors": 0, "created": None, "other": None}
    m = re.search(r"Requests/sec:\s+([\d.]+)", text)
    if m:
        out["rps"] = float(m.group(1))
    m = re.search(r"(\d+) requests in", text)
    if m:
        out["requests"] = int(m.group(1))
    for pct, key in (("50", "p50"), ("99", "p99")):
        m = re.search(rf"^\s+{pct}(?:\.000)?%\s+(\S+)", text, re.M)
        if m:
            out[key] = ms(m.group(1))
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    if m:
        out["non2xx"] = int(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    if m:
        out["socket_errors"] = sum(int(x) for x in m.groups())
    m = re.search(r"BENCH created=(\d+) other=(\d+)", text)
    if m:
        out["created"], out["other"] = int(m.group(1)), int(m.group(2))
    return out


def cmd_wrk(key, run, path, extra_json="{}"):
    """Appends one wrk run's figures (run: its round, 1, 2, ...) to the results file."""
    rec = {"key": key, "round": int(run), **parse_wrk(path), **json.loads(extra_json)}
    record(rec)
    print(f"  {key} #{run}: {fmt_rps(rec['rps'])} req/s, p50 {fmt_ms(rec['p50'])}, p99 {fmt_ms(rec['p99'])}"
          + (f", non-2xx {rec['non2xx']}" if rec["non2xx"] else "")
          + (f", socket errors {rec['socket_errors']}" if rec["socket_errors"] else ""))


def cmd_pgbench(key, run, path):
    """Appends one pgbench run's figures (transactions/s, average latency, failed
    transactions) to the results file."""
    text = open(path).read()
    rec = {"key": key, "round": int(run), "tps": None, "latency_ms": None, "failed": None,
           "transactions": None}
    m = re.search(r"^tps = ([\d.]+)", text, re.M)
    if m:
        rec["tps"] = float(m.group(1))
    m = re.search(r"^latency average = ([\d.]+) ms", text, re.M)
    if m:
        rec["latency_ms"] = float(m.group(1))
    m = re.search(r"^number of failed transactions: (\d+)", text, re.M)
    if m:
        rec["failed"] = int(m.group(1))
    m = re.search(r"^number of transactions actually processed: (\d+)", text, re.M)
    if m:
        rec["transactions"] = int(m.group(1))
    if rec["tps"] is None:
        rec["error"] = "pgbench gave no tps: " + " ".join(text.split())[:200]
    elif rec["failed"]:
        rec["error"] = f"{rec['failed']} transactions failed"
    record(rec)
    print(f"  {key} #{run}: " + (f"{fmt_rps(rec['tps'])} tps, latency average {rec['latency_ms']} ms"
                                 if rec["tps"] is not None else rec["error"]))


def cmd_seconds(duration):
    """wrk's duration (10, 10s, 2m, 1h) in whole seconds, for pgbench -T."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", duration)
    if not m:
        raise SystemExit(f"cannot read the duration {duration!r}")
    print(max(1, round(float(m.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[m.group(2)])))


def cmd_others(bench_pid, top="5"):
    """What else is running: the `top` processes by CPU (ps's %CPU, the CPU time
    over the process's life) that are not the bench script or started by it."""
    import subprocess
    out = subprocess.run(["ps", "-eo", "pid,ppid,pcpu,comm", "--sort=-pcpu"],
                         capture_output=True, text=True, check=True).stdout.splitlines()[1:]
    procs = []
    children = {}
    for line in out:
        bits = line.split(None, 3)
        if len(bits) < 4:
            continue
        pid, ppid, pcpu, comm = int(bits[0]), int(bits[1]), bits[2], bits[3]
        procs.append((pid, pcpu, comm))
        children.setdefault(ppid, []).append(pid)
    ours, todo = set(), [int(bench_pid), os.getpid()]
    while todo:
        pid = todo.pop()
        if pid not in ours:
            ours.add(pid)
            todo.extend(children.get(pid, []))
    shown = [f"{comm} (pid {pid}, {pcpu}%)" for pid, pcpu, comm in procs if pid not in ours][:int(top)]
    print(", ".join(shown) or "none")


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def cmd_rss(key, pid):
    kb = rss_kb(pid)
    record({"key": key, "rss_kb": kb})
    print(f"  {key}: {kb / 1024:.1f} MB" if kb else f"  {key}: not readable")


def cmd_record(json_text):
    record(json.loads(json_text))


def record(rec):
    with open(os.environ["BENCH_RESULTS"], "a") as f:
        f.write(json.dumps(rec) + "\n")


def cmd_wait(url, seconds="60"):
    deadline = time.time() + float(seconds)
    api = Api(url)
    path = urlsplit(url).path or "/"
    while time.time() < deadline:
        try:
            status, _, _ = api.call("GET", path)
            if status == 200:
                return
        except OSError:
            api.conn = None
        time.sleep(0.25)
    raise SystemExit(f"{url} did not answer 200 within {seconds} s")


def cmd_assets(index_html):
    """Prints the /assets/*.js and *.css paths that index.html loads."""
    html = open(index_html).read()
    for p in dict.fromkeys(re.findall(r'(?:src|href)="(/assets/[^"]+\.(?:js|css))"', html)):
        print(p)


def cmd_bundle(size_output, dist):
    """Reads `npm run size` (gzip per file and total) and adds the raw sizes."""
    text = open(size_output).read()
    files = re.findall(r"^\s*([\d.]+) KB\s+(assets/\S+)$", text, re.M)
    total = re.search(r"([\d.]+) KB\s+total gzip", text)
    raw = sum(os.path.getsize(os.path.join(dist, f)) for _, f in files)
    rec = {"key": "bundle", "gzip_kb": float(total.group(1)) if total else None,
           "raw_kb": raw / 1024 if files else None, "files": len(files)}
    record(rec)
    if rec["gzip_kb"] is None:
        print("  bundle: could not read `npm run size`")
    else:
        print(f"  bundle: {rec['files']} files, {rec['raw_kb']:.1f} KB raw, {rec['gzip_kb']:.1f} KB gzip")


# ---------------------------------------------------------------- the table


def fmt_rps(v):
    return "—" if v is None else f"{v:,.0f}"


def fmt_ms(v):
    if v is None:
        return "—"
    return f"{v * 1000:.0f} µs" if v < 1 else f"{v:.2f} ms" if v < 100 else f"{v:,.0f} ms"


def verdict(ok):
    return "—" if ok is None else ("PASS" if ok else "**FAIL**")


def median(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def with_runs(values, fmt):
    """The median, then each run's figure in round order: "66,912 (65,100 / 66,912 / 67,800)"."""
    if not values:
        return "—"
    if any(v is None for v in values):
        return " / ".join(fmt(v) for v in values)
    text = fmt(median(values))
    return text if len(values) == 1 else f"{text} ({' / '.join(fmt(v) for v in values)})"


def fmt_pct(v):
    return "—" if v is None else f"{v:.0%}"


# Budgets: the shop's req/s as a share of nginx's (medians); orders/s (median)
# as a share of a reference measured in the same run, nginx's one-part req/s
# ("nginx") or pgbench's bare UPDATE ... RETURNING on the hot part ("pgbench"),
# so the budget carries from one machine to another (every other order row must
# pass its check only); resident memory in MB.
READ_BUDGETS = {"list": 0.90, "part": 0.90, "home": 0.90}
ORDER_BUDGETS = {("sqlite", "spread"): ("nginx", 0.15), ("sqlite", "lines"): ("nginx", 0.10),
                 ("postgres", "hot"): ("pgbench", 2.50)}
RSS_BUDGETS = {"rss_load": 40, "rss_pg_load": 40}


def cmd_report(out_md, header_file):
    """Writes the table. A record with a "round" is one of the rounds of a
    measure (key): its figure is the median of the rounds, shown with each
    round's; a record without one is a measure taken once, or a step that did
    not run (its "error" fails the row)."""
    rounds = int(os.environ.get("BENCH_ROUNDS") or 3)
    recs, runs = {}, {}
    with open(os.environ["BENCH_RESULTS"]) as f:
        for line in f:
            if line.strip():
                rec = json.loads(line)
                if "round" in rec:
                    runs.setdefault(rec["key"], {}).setdefault(rec["round"], {}).update(rec)
                else:
                    recs.setdefault(rec["key"], {}).update(rec)
    rows = []
    details = []

    def row(measure, shop, nginx="—", ratio="—", budget="—", ok=None, note=""):
        rows.append((measure, shop, nginx, ratio, budget, verdict(ok), note))

    def rounds_of(key):
        """The runs of a measure in round order, and why they are incomplete (or "")."""
        got = [runs.get(key, {})[r] for r in sorted(runs.get(key, {}))]
        if recs.get(key, {}).get("error"):
            return got, recs[key]["error"]
        errors = [f"run {r['round']}: {r['error']}" for r in got if r.get("error")]
        if errors:
            return got, "; ".join(errors)
        if len(got) < rounds:
            return got, f"{len(got)} of {rounds} runs"
        return got, ""

    def lat(rs):
        """Median p50 / median p99, then each run's p99."""
        if not rs or any(r.get("p99") is None for r in rs):
            return "—"
        text = f"{fmt_ms(median([r['p50'] for r in rs]))} / {fmt_ms(median([r['p99'] for r in rs]))}"
        return text if len(rs) == 1 else text + f" (p99: {' / '.join(fmt_ms(r['p99']) for r in rs)})"

    def share_text(ratio, per_round):
        """A share, then each round's: "95% (92% / 96% / 95%)"."""
        return fmt_pct(ratio) + (f" ({' / '.join(fmt_pct(x) for x in per_round)})"
                                 if len(per_round) > 1 else "")

    def share_of(shop_runs, ref_runs):
        """The shop's median over the reference's, and its text with each round's share."""
        ratio = median([r["rps"] for r in shop_runs]) / median([r["rps"] for r in ref_runs])
        per_round = [a["rps"] / b["rps"] for a in shop_runs for b in ref_runs
                     if a["round"] == b["round"]]
        return ratio, share_text(ratio, per_round)

    def errs(shop_runs, nginx_runs):
        bits = []
        for who, rs in (("shop", shop_runs), ("nginx", nginx_runs)):
            for r in rs:
                if r.get("non2xx"):
                    bits.append(f"{who} run {r['round']}: {r['non2xx']} non-2xx")
                if r.get("socket_errors"):
                    bits.append(f"{who} run {r['round']}: {r['socket_errors']} socket errors")
        return ", ".join(bits)

    for key, label in (("list", "GET /api/part?limit=100"), ("part", "GET /api/part/{id}"),
                       ("home", "Home page: GET / + {assets} assets")):
        s, s_why = rounds_of(f"shop_{key}")
        n, n_why = rounds_of(f"nginx_{key}")
        assets = next((r.get("assets") for r in s + n if r.get("assets") is not None), "?")
        label = label.replace("{assets}", str(assets))
        share = READ_BUDGETS.get(key)
        budget = f"≥ {share:.0%} of nginx" if share else "—"
        if key != "home" and not s and not n and not s_why and not n_why:
            continue
        missing = s_why or n_why or next(
            (f"run {r['round']}: wrk gave no figure" for r in s + n if r.get("rps") is None), "")
        paired = [(a, b) for a in s for b in n if a["round"] == b["round"]]
        if missing or len(paired) != len(s):
            row(f"{label}: req/s", with_runs([r.get("rps") for r in s], fmt_rps),
                with_runs([r.get("rps") for r in n], fmt_rps), "—", budget, False if share else None,
                "; ".join(x for x in (s_why and f"shop: {s_why}", n_why and f"nginx: {n_why}")
                          if x) or missing or "shop and nginx runs do not pair up")
        else:
            ratio, ratio_text = share_of(s, n)
            bad = errs(s, n)
            note = bad
            if key == "home" and not bad and isinstance(assets, int):
                note = f"≈ {median([r['rps'] for r in s]) / (assets + 1):,.0f} page loads/s on the shop"
            row(f"{label}: req/s", with_runs([r["rps"] for r in s], fmt_rps),
                with_runs([r["rps"] for r in n], fmt_rps), ratio_text, budget,
                (ratio >= share and not bad) if share else None, note)
        if key == "list":
            # The reference with the shop's headers: no budget, shown beside.
            h, h_why = rounds_of("nginx_list_headers")
            h_paired = [(a, b) for a in s for b in h if a["round"] == b["round"]]
            if h or h_why:
                if h_why or missing or len(h_paired) != len(s) or any(r.get("rps") is None for r in h):
                    row(f"{label}, nginx with the shop's headers: req/s",
                        with_runs([r.get("rps") for r in s], fmt_rps),
                        with_runs([r.get("rps") for r in h], fmt_rps), "—", "—", None,
                        h_why or missing or "shop and nginx runs do not pair up")
                else:
                    _, ratio_text = share_of(s, h)
                    row(f"{label}, nginx with the shop's headers: req/s",
                        with_runs([r["rps"] for r in s], fmt_rps),
                        with_runs([r["rps"] for r in h], fmt_rps), ratio_text, "—", None,
                        "reference: the same answer, headers and all" + (
                            f"; {errs([], h)}" if errs([], h) else ""))
            p99 = median([r["p99"] for r in s]) if s and all(r.get("p99") is not None for r in s) else None
            row(f"{label}: p50 / p99", lat(s), lat(n), "—", "p99 < 10 ms",
                False if p99 is None or s_why else p99 < 10 and not errs(s, []))
        else:
            row(f"{label.split(':')[0]}: p50 / p99", lat(s), lat(n))

    pg_ref = None
    ref, ref_why = rounds_of("pg_update_hot")
    if ref and not ref_why:
        pg_ref = median([r["tps"] for r in ref])
    # nginx's one-part req/s from the reads, the yardstick for every order row.
    np_runs, np_why = rounds_of("nginx_part")
    np_why = np_why or next((f"run {r['round']}: wrk gave no figure"
                             for r in np_runs if r.get("rps") is None), "")
    nginx_ref = median([r["rps"] for r in np_runs]) if np_runs and not np_why else None
    nginx_col = with_runs([r.get("rps") for r in np_runs], fmt_rps)
    refs = {"nginx": nginx_ref, "pgbench": pg_ref}
    ref_names = {"nginx": "nginx's one-part req/s", "pgbench": "pgbench's UPDATE … RETURNING"}
    ref_missing = {
        "nginx": ("nginx's GET /api/part/{id} " + ("incomplete" if np_runs else "not measured"),
                  np_why),
        "pgbench": ("pgbench's bare UPDATE … RETURNING " + ("incomplete" if ref else "not measured"),
                    ref_why or "no runs"),
    }

    def missing_refs(against, why=""):
        """What the note says of a reference that is missing (the budget's, or nginx's
        for the share), unless it is missing for the reason the row already gives."""
        bits = []
        for who, lead in ((against, "no reference for the budget"),
                          (None if against == "nginx" else "nginx", "no share of nginx")):
            if who and not refs[who] and ref_missing[who][1] != why:
                bits.append(f"{lead}: {ref_missing[who][0]} ({ref_missing[who][1]})")
        return "".join("; " + b for b in bits)

    for db in ("sqlite", "postgres"):
        name = "SQLite" if db == "sqlite" else "PostgreSQL"
        for mode, label in (("spread", "1,000 parts, random"), ("hot", "one hot part"),
                            ("lines", "3-line checkout, random parts")):
            key = f"orders_{db}_{mode}"
            against, need = ORDER_BUDGETS.get((db, mode), (None, None))
            budget = (f"≥ {need:.0%} of {ref_names[against]}, none lost or oversold" if need
                      else "none lost or oversold")
            rs, why = rounds_of(key)
            measure = f"Orders, {name}, {label}: orders/s, p50 / p99"
            if not rs and why:
                row(measure, "—", nginx_col, budget=budget, ok=False, note=why + missing_refs(against, why))
                continue
            ops = []
            problems = [why] if why else []
            for r in rs:
                created, secs = r.get("created"), r.get("seconds")
                ops.append(created / secs if created is not None and secs else None)
                if r.get("error"):
                    continue
                check = r.get("check", "no check")
                details.append(f"- {name}, {label}, run {r['round']}: "
                               + ("verified: " if r.get("check_ok") else "**CHECK FAILED**: ") + check
                               + (f"; {r['other']} answers not 201" if r.get("other") else ""))
                if not r.get("check_ok"):
                    problems.append(f"run {r['round']}: CHECK FAILED: {check}")
                if r.get("other"):
                    problems.append(f"run {r['round']}: {r['other']} answers not 201")
            med = median(ops) if ops and None not in ops else None
            # The orders/s as a share of nginx's one-part req/s, median and round by round.
            ratio_text = "—"
            if med is not None and nginx_ref:
                per_round = [o / b["rps"] for r, o in zip(rs, ops) for b in np_runs
                             if r["round"] == b["round"]]
                ratio_text = share_text(med / nginx_ref, per_round)
            share = med / refs[against] if need and med is not None and refs[against] else None
            passes = (not problems and med is not None
                      and (need is None or (share is not None and share >= need)))
            if problems:
                note = "; ".join(problems)
            else:
                in_db = " / ".join(fmt_rps(r.get("orders_db")) for r in rs)
                note = (f"verified, {len(rs)} of {len(rs)} runs: none lost, none oversold"
                        f" (orders in the database: {in_db})")
            note += missing_refs(against)
            if (db, mode) == ("postgres", "hot") and med and pg_ref:
                note += f"; {med / pg_ref:.0%} of the bare UPDATE … RETURNING on one row (pgbench, {fmt_rps(pg_ref)} tps)"
            shop = with_runs(ops, fmt_rps) if rs else "—"
            row(measure, f"{shop} · {lat([r for r in rs if not r.get('error')])}", nginx_col,
                ratio_text, budget, passes, note)
        if db == "postgres":
            measure = "PostgreSQL: bare UPDATE … RETURNING on one row (pgbench)"
            if not ref and ref_why:
                row(measure, "—", ok=False, note=ref_why)
            else:
                conf = recs.get("pg_update_hot", {}).get("command", "")
                lat_avg = [r.get("latency_ms") for r in ref]
                row(measure, f"{with_runs([r.get('tps') for r in ref], fmt_rps)} tps",
                    ok=False if ref_why else None,
                    note=(ref_why + "; " if ref_why else "")
                    + "a reference, not the shop: PostgreSQL's own limit on one row"
                    + (f"; `{conf}`" if conf else "")
                    + ("; latency average " + with_runs(lat_avg, lambda v: f"{v:.2f} ms")
                       if lat_avg and None not in lat_avg else ""))

    for key, label in (("rss_idle", "Shop RSS, idle with 1,000 parts (SQLite)"),
                       ("rss_load", "Shop RSS after the read and order load (SQLite)"),
                       ("rss_pg_load", "Shop RSS after the order load (PostgreSQL)")):
        budget = RSS_BUDGETS.get(key)
        r = recs.get(key)
        kb = r and r.get("rss_kb")
        row(label, f"{kb / 1024:.1f} MB" if kb else "—", "—", "—",
            f"< {budget} MB" if budget else "—",
            (kb is not None and kb / 1024 < budget) if budget and kb else (False if budget else None),
            "" if kb else (r or {}).get("error", "not measured" if budget else ""))

    import_budget = "≤ 2 × the database's bulk insert"
    for db, name in (("sqlite", "SQLite"), ("postgres", "PostgreSQL")):
        r = recs.get(f"import_{db}")
        if not r or r.get("error") or r.get("seconds") is None:
            row(f"Catalogue import, {name}: 10,000 new rows / again unchanged", "—",
                budget=import_budget, ok=False, note=(r or {}).get("error", "not run"))
            continue
        # The reference: the same rows written by the database's own bulk
        # insert (bench/lib/bare_import.py), in the reference's column; only
        # when it wrote as many parts as the import did.
        title = f"Catalogue import, {name}: {r['rows']:,} new rows / again unchanged"
        shop = f"{r['seconds']:.2f} s / {r['again_seconds']:.2f} s"
        note = f"{r['bytes'] / 1024 / 1024:.1f} MB file, POST /api/admin/parts/import"
        bare = recs.get(f"import_{db}_bare") or {}
        bare_parts = (bare.get("rows") or {}).get("parts")
        if bare.get("error") or not bare.get("seconds"):
            missing = bare.get("error", "not measured")
        elif bare_parts != r["rows"]:
            missing = f"it wrote {bare_parts} parts, the import {r['rows']}"
        else:
            missing = None
        if missing:
            row(title, shop, "—", "—", import_budget, False,
                f"{note}; the database's bulk insert: {missing}")
            continue
        ratio = r["seconds"] / bare["seconds"]
        how = "COPY" if db == "postgres" else "executemany"
        row(title, shop, f"{bare['seconds']:.2f} s ({name}'s own bulk insert, {how})",
            f"{ratio:.2f} ×", import_budget, ratio <= 2, note)

    b = recs.get("bundle")
    if b and b.get("gzip_kb") is not None:
        row("Home page JS + CSS before interactive (gzip / raw)",
            f"{b['gzip_kb']:.1f} KB / {b['raw_kb']:.1f} KB", budget="≤ 120 KB gzip",
            ok=b["gzip_kb"] <= 120, note=f"{b['files']} files, `npm run size`")
    else:
        row("Home page JS + CSS before interactive", "—", budget="≤ 120 KB gzip", ok=False,
            note=(b or {}).get("error", "`npm run size` failed"))

    budgets = (("performance", "Performance", 95), ("accessibility", "Accessibility", 100),
               ("best-practices", "Best Practices", 100), ("seo", "SEO", 95))
    # Lighthouse: each page audited once per round; each figure is the median of
    # the rounds, shown with each round's.
    for page in ("home", "parts", "purchase"):
        rs, why = rounds_of(f"lighthouse_{page}")
        title = next((r["label"] for r in rs if r.get("label")), page)
        ok_rs = [r for r in rs if not r.get("error")]
        if not ok_rs:
            row(f"Lighthouse {title}", "—", budget="as above", ok=False, note=why or "not run")
            continue
        notes = sorted({r["note"] for r in ok_rs if r.get("note")})
        for cat, name, need in budgets:
            scores = [r.get("scores", {}).get(cat) for r in ok_rs]
            med = median(scores) if None not in scores else None
            row(f"Lighthouse {title}: {name}", with_runs(scores, lambda v: f"{v:.0f}"),
                budget=f"≥ {need}" if need < 100 else "100",
                ok=False if med is None or why else med >= need,
                note="; ".join(([why] if why else []) + (notes if cat == "performance" else [])))
        cls = [r.get("cls") for r in ok_rs]
        lcp = [r.get("lcp_ms") for r in ok_rs]
        row(f"Lighthouse {title}: CLS", with_runs(cls, lambda v: f"{v:.3f}"), budget="< 0.05",
            ok=False if None in cls else median(cls) < 0.05,
            note="" if None in lcp else "LCP " + with_runs(lcp, lambda v: f"{v / 1000:.2f} s"))
        tbt = [r.get("tbt_ms") for r in ok_rs]
        row(f"Lighthouse {title}: Total Blocking Time", with_runs(tbt, lambda v: f"{v:.0f} ms"),
            budget="< 150 ms", ok=False if None in tbt else median(tbt) < 150)

    head = open(header_file).read() if header_file and os.path.exists(header_file) else ""
    cols = ("Measure", "Shop", "nginx", "Shop ÷ nginx", "Budget", "Result", "Notes")
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in rows:
        lines.append("| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |")
    fails = sum(1 for r in rows if r[5] == "**FAIL**")
    passes = sum(1 for r in rows if r[5] == "PASS")
    summary = f"\n{passes} budgets passed, {fails} failed.\n"
    if details:
        summary += "\nOrder checks, run by run (none lost, none oversold):\n\n" + "\n".join(details) + "\n"
    for page in ("home", "parts", "purchase"):
        rs = runs.get(f"lighthouse_{page}", {})
        failing = sorted({a for r in rs.values() for a in r.get("failing_audits", [])})
        if failing:
            label = next((r["label"] for r in rs.values() if r.get("label")), page)
            summary += (f"\nLighthouse {label}, audits below full score in any round: "
                        + ", ".join(f"`{a}`" for a in failing) + "\n")
    text = head + "\n".join(lines) + "\n" + summary
    with open(out_md, "w") as f:
        f.write(text)
    print(text)


COMMANDS = {
    "seed": cmd_seed, "import": cmd_import, "refill": cmd_refill, "buyer": cmd_buyer, "snapshot": cmd_snapshot, "verify": cmd_verify,
    "wrk": cmd_wrk, "pgbench": cmd_pgbench, "seconds": cmd_seconds, "others": cmd_others, "rss": cmd_rss, "record": cmd_record, "wait": cmd_wait,
    "assets": cmd_assets, "bundle": cmd_bundle, "report": cmd_report,
}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        raise SystemExit(f"usage: helper.py {{{','.join(COMMANDS)}}} ARGS...")
    COMMANDS[sys.argv[1]](*sys.argv[2:])
