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
            "availableQuantity": 1_000_000,
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
    header = ("sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,"
              "category,weightKg,oemNumbers,replaces,fitments")
    lines = [header]
    for n in range(int(rows)):
        lines.append(
            f"IMP-{n:06d},Imported part {n},Bench import part {n},https://example.com/part.png,"
            f"{n % 500 + 1}.{n % 100:02d},{n % 50},1,3,Filters,0.{n % 999 + 1:03d},"
            f"OEM-{n};ALT-{n},OLD-{n},Toyota|Corolla|2010|2015|1.8L L4|LE|||;Honda|Civic|2012|2016")
    raw = ("\n".join(lines) + "\n").encode()
    rec = {"key": key, "rows": int(rows), "bytes": len(raw)}
    for run, want in (("seconds", "added"), ("again_seconds", "unchanged")):
        started = time.monotonic()
        status, _, payload = api.call("POST", "/api/admin/parts/import", raw=raw,
                                      content_type="text/csv")
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


def cmd_buyer(base, label):
    """Signs up a fresh buyer and prints their token."""
    email = f"bench-{label}-{uuid.uuid4().hex[:8]}@example.com"
    doc = Api(base).json(
        "POST", "/api/auth/signup",
        {"name": "Bench Buyer", "email": email, "password": "bench-secret-12"}, expect=(201,))
    print(doc["token"])


def stocks(base):
    status, headers, payload = Api(base).call("GET", "/api/part")
    if status != 200:
        raise SystemExit(f"GET /api/part: HTTP {status}")
    return {str(p["_id"]): int(p["availableQuantity"]) for p in json.loads(payload)}


def cmd_snapshot(base, out):
    with open(out, "w") as f:
        json.dump(stocks(base), f)


def cmd_verify(base, token, before_file, created, connections):
    """After an order run with a fresh buyer: every order in the database took
    exactly its units from its part's stock (none lost, none oversold), and the
    orders the database holds match wrk's count of 201 answers (at most one
    request per connection may still have been in flight when wrk stopped)."""
    created, connections = int(created), int(connections)
    with open(before_file) as f:
        before = json.load(f)
    after = stocks(base)
    status, _, payload = Api(base, token).call("GET", "/api/booking")
    if status != 200:
        print(json.dumps({"ok": False, "text": f"GET /api/booking: HTTP {status}"}))
        return
    orders = [o for o in json.loads(payload) if o.get("status") != "cancelled"]
    units = {}
    for o in orders:
        # Every line of an order (an order of one part has one line).
        for line in o.get("lines") or [{"partId": o["partId"], "quantity": o["quantity"]}]:
            units[str(line["partId"])] = units.get(str(line["partId"]), 0) + int(line["quantity"])
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
    in_db = len(orders)
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


def cmd_wrk(key, path, extra_json="{}"):
    """Appends one wrk run's figures to the results file."""
    rec = {"key": key, **parse_wrk(path), **json.loads(extra_json)}
    record(rec)
    print(f"  {key}: {fmt_rps(rec['rps'])} req/s, p50 {fmt_ms(rec['p50'])}, p99 {fmt_ms(rec['p99'])}"
          + (f", non-2xx {rec['non2xx']}" if rec["non2xx"] else "")
          + (f", socket errors {rec['socket_errors']}" if rec["socket_errors"] else ""))


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


def cmd_report(out_md, header_file):
    recs = {}
    with open(os.environ["BENCH_RESULTS"]) as f:
        for line in f:
            if line.strip():
                rec = json.loads(line)
                recs.setdefault(rec["key"], {}).update(rec)
    rows = []

    def row(measure, shop, nginx="—", ratio="—", budget="—", ok=None, note=""):
        rows.append((measure, shop, nginx, ratio, budget, verdict(ok), note))

    def lat(r):
        return f"{fmt_ms(r.get('p50'))} / {fmt_ms(r.get('p99'))}" if r else "—"

    def errs(*rs):
        bits = []
        for who, r in zip(("shop", "nginx"), rs):
            if r and r.get("non2xx"):
                bits.append(f"{who}: {r['non2xx']} non-2xx")
            if r and r.get("socket_errors"):
                bits.append(f"{who}: {r['socket_errors']} socket errors")
        return ", ".join(bits)

    def missing(r):
        return not r or r.get("rps") is None

    for key, label, share in (("list", "GET /api/part?limit=100", 0.60), ("part", "GET /api/part/{id}", 0.70)):
        s, n = recs.get(f"shop_{key}"), recs.get(f"nginx_{key}")
        if missing(s) or missing(n):
            row(f"{label}: req/s", fmt_rps(s and s.get("rps")), fmt_rps(n and n.get("rps")), "—",
                f"≥ {share:.0%} of nginx", False, (s or n or {}).get("error", "run failed"))
        else:
            ratio = s["rps"] / n["rps"]
            bad = errs(s, n)
            row(f"{label}: req/s", fmt_rps(s["rps"]), fmt_rps(n["rps"]), f"{ratio:.0%}",
                f"≥ {share:.0%} of nginx", ratio >= share and not bad, bad)
        if key == "list":
            p99 = s and s.get("p99")
            row(f"{label}: p50 / p99", lat(s), lat(n), "—", "p99 < 10 ms",
                False if p99 is None else p99 < 10 and not errs(s))
        else:
            row(f"{label}: p50 / p99", lat(s), lat(n))
    s, n = recs.get("shop_home"), recs.get("nginx_home")
    assets = (s or n or {}).get("assets")
    if s or n:
        ratio = f"{s['rps'] / n['rps']:.0%}" if not missing(s) and not missing(n) else "—"
        row(f"Home page: GET / + {assets} assets, req/s", fmt_rps(s and s.get("rps")),
            fmt_rps(n and n.get("rps")), ratio, note=errs(s, n) or
            (f"≈ {s['rps'] / (assets + 1):,.0f} page loads/s on the shop" if not missing(s) and assets else ""))
        row("Home page: p50 / p99", lat(s), lat(n))

    for db in ("sqlite", "postgres"):
        name = "SQLite" if db == "sqlite" else "PostgreSQL"
        for mode, label in (("spread", "1,000 parts, random"), ("hot", "one hot part"),
                            ("lines", "3-line checkout, random parts")):
            r = recs.get(f"orders_{db}_{mode}")
            budget = ("≥ 3,000 orders/s, none lost or oversold" if (db, mode) == ("sqlite", "spread")
                      else "none lost or oversold")
            if not r or r.get("error"):
                row(f"Orders, {name}, {label}: orders/s", "—", budget=budget, ok=False,
                    note=(r or {}).get("error", "not run"))
                continue
            created, secs = r.get("created"), r.get("seconds")
            ops = created / secs if created is not None and secs else None
            ok_check = r.get("check_ok")
            note = ("verified: " if ok_check else "CHECK FAILED: ") + r.get("check", "no check")
            other = r.get("other")
            if other:
                note += f"; {other} answers not 201"
            passes = bool(ok_check) and not other and (
                ops is not None and ops >= 3000 if (db, mode) == ("sqlite", "spread") else True)
            row(f"Orders, {name}, {label}: orders/s, p50 / p99",
                f"{fmt_rps(ops)} · {lat(r)}", budget=budget, ok=passes, note=note)

    for key, label, budget in (("rss_idle", "Shop RSS, idle with 1,000 parts (SQLite)", None),
                               ("rss_load", "Shop RSS after the load (SQLite)", 60),
                               ("rss_pg_load", "Shop RSS after the order load (PostgreSQL)", None)):
        r = recs.get(key)
        kb = r and r.get("rss_kb")
        row(label, f"{kb / 1024:.1f} MB" if kb else "—", "—", "—",
            f"< {budget} MB" if budget else "—",
            (kb is not None and kb / 1024 < budget) if budget and r else (False if budget else None),
            "" if kb or not budget else "not measured")

    for db, name in (("sqlite", "SQLite"), ("postgres", "PostgreSQL")):
        r = recs.get(f"import_{db}")
        if not r or r.get("error") or r.get("seconds") is None:
            row(f"Catalogue import, {name}: 10,000 new rows / again unchanged", "—",
                note=(r or {}).get("error", "not run"))
            continue
        row(f"Catalogue import, {name}: {r['rows']:,} new rows / again unchanged",
            f"{r['seconds']:.2f} s / {r['again_seconds']:.2f} s",
            note=f"{r['bytes'] / 1024 / 1024:.1f} MB file, POST /api/admin/parts/import")

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
    for page in ("home", "parts", "purchase"):
        r = recs.get(f"lighthouse_{page}")
        title = (r or {}).get("label", page)
        if not r or r.get("error"):
            row(f"Lighthouse {title}", "—", budget="as above", ok=False,
                note=(r or {}).get("error", "not run"))
            continue
        for cat, name, need in budgets:
            score = r.get("scores", {}).get(cat)
            row(f"Lighthouse {title}: {name}", "—" if score is None else f"{score:.0f}",
                budget=f"≥ {need}" if need < 100 else "100",
                ok=False if score is None else score >= need,
                note=r.get("note", "") if cat == "performance" else "")
        cls = r.get("cls")
        row(f"Lighthouse {title}: CLS", "—" if cls is None else f"{cls:.3f}", budget="< 0.05",
            ok=False if cls is None else cls < 0.05,
            note=f"LCP {r['lcp_ms'] / 1000:.2f} s" if r.get("lcp_ms") is not None else "")
        tbt = r.get("tbt_ms")
        row(f"Lighthouse {title}: Total Blocking Time", "—" if tbt is None else f"{tbt:.0f} ms",
            budget="< 150 ms", ok=False if tbt is None else tbt < 150)

    head = open(header_file).read() if header_file and os.path.exists(header_file) else ""
    cols = ("Measure", "Shop", "nginx", "Shop ÷ nginx", "Budget", "Result", "Notes")
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in rows:
        lines.append("| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |")
    fails = sum(1 for r in rows if r[5] == "**FAIL**")
    passes = sum(1 for r in rows if r[5] == "PASS")
    summary = f"\n{passes} budgets passed, {fails} failed.\n"
    for page in ("home", "parts", "purchase"):
        r = recs.get(f"lighthouse_{page}")
        if r and r.get("failing_audits"):
            summary += (f"\nLighthouse {r.get('label', page)}, audits below full score: "
                        + ", ".join(f"`{a}`" for a in r["failing_audits"]) + "\n")
    text = head + "\n".join(lines) + "\n" + summary
    with open(out_md, "w") as f:
        f.write(text)
    print(text)


COMMANDS = {
    "seed": cmd_seed, "import": cmd_import, "buyer": cmd_buyer, "snapshot": cmd_snapshot, "verify": cmd_verify,
    "wrk": cmd_wrk, "rss": cmd_rss, "record": cmd_record, "wait": cmd_wait,
    "assets": cmd_assets, "bundle": cmd_bundle, "report": cmd_report,
}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        raise SystemExit(f"usage: helper.py {{{','.join(COMMANDS)}}} ARGS...")
    COMMANDS[sys.argv[1]](*sys.argv[2:])
