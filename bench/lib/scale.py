#!/usr/bin/env python3
"""The catalogue at scale (bench/scale.sh): generates and loads a catalogue
through the shop's import, measures one shop, and writes the report.

    scale.py load URL PASSWORD SIZE PID OUT_JSON
    scale.py import SHOP_BIN SIZE CSV_FILE OUT_JSON
    scale.py measure URL PASSWORD SIZE REQUESTS PID LABEL LOAD_JSON DB_BYTES RSS_IDLE_KB STARTED_S
    scale.py bare URL SIZE REQUESTS LABEL LOAD_JSON SHOP_LOG DATABASE
    scale.py middle URL SIZE
    scale.py traffic LABEL SIZE KEY=VALUE...
    scale.py report RECORDS_JSONL OUT_MD OUT_SVG
"""

import http.client
import json
import math
import os
import random
import subprocess
import sys
import threading
import time
import urllib.parse

HEADER = ("sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,"
          "category,weightKg,oemNumbers,replaces,fitments")
# Rows per file sent: each under the import's 20 MB limit.
PIECE = 60_000

KINDS = ["Brake Pads", "Brake Disc", "Brake Caliper", "Oil Filter", "Air Filter", "Cabin Filter",
         "Fuel Filter", "Spark Plug", "Ignition Coil", "Water Pump", "Thermostat", "Radiator",
         "Drive Belt", "Timing Belt Kit", "Shock Absorber", "Coil Spring", "Control Arm",
         "Wheel Bearing", "Tie Rod End", "Headlight Bulb", "Alternator", "Starter Motor",
         "Exhaust Gasket", "Oxygen Sensor", "Wiper Blade", "Clutch Kit"]
ADJECTIVES = ["Ceramic", "Vented", "Heavy-Duty", "Long-Life", "Premium", "Remanufactured",
              "Sport", "OE-Quality", "Low-Dust", "Performance"]
CATEGORIES = {"Brake Pads": "Brakes", "Brake Disc": "Brakes", "Brake Caliper": "Brakes",
              "Oil Filter": "Filters", "Air Filter": "Filters", "Cabin Filter": "Filters",
              "Fuel Filter": "Filters", "Spark Plug": "Engine", "Ignition Coil": "Electrical",
              "Water Pump": "Cooling", "Thermostat": "Cooling", "Radiator": "Cooling",
              "Drive Belt": "Engine", "Timing Belt Kit": "Engine", "Shock Absorber": "Suspension",
              "Coil Spring": "Suspension", "Control Arm": "Suspension", "Wheel Bearing": "Wheels & Tyres",
              "Tie Rod End": "Steering", "Headlight Bulb": "Lighting", "Alternator": "Electrical",
              "Starter Motor": "Electrical", "Exhaust Gasket": "Exhaust", "Oxygen Sensor": "Exhaust",
              "Wiper Blade": "Body", "Clutch Kit": "Transmission"}
VEHICLES = [(make, model) for make, models in [
    ("Toyota", ["Corolla", "Camry", "RAV4", "Yaris", "Hilux"]), ("Honda", ["Civic", "Accord", "CR-V", "Jazz"]),
    ("Ford", ["F-150", "Focus", "Fiesta", "Mustang", "Transit"]), ("Volkswagen", ["Golf", "Passat", "Polo", "Tiguan"]),
    ("BMW", ["3 Series", "5 Series", "X3"]), ("Nissan", ["Altima", "Qashqai", "Micra"]),
    ("Hyundai", ["i30", "Tucson", "Elantra"]), ("Kia", ["Sportage", "Rio", "Ceed"]),
    ("Mazda", ["Mazda3", "CX-5"]), ("Subaru", ["Impreza", "Outback"]), ("Chevrolet", ["Silverado", "Malibu"]),
    ("Renault", ["Clio", "Megane"]), ("Peugeot", ["208", "308"]), ("Audi", ["A3", "A4"]),
    ("Mercedes-Benz", ["C-Class", "E-Class"]), ("Skoda", ["Octavia", "Fabia"])] for model in models]
ENGINES = ["1.2L L3", "1.4L L4", "1.6L L4", "1.8L L4", "2.0L L4", "2.5L L4", "3.5L V6", "5.0L V8"]
MISSPELT = {"pads": "psds", "disc": "dics", "filter": "fitler", "plug": "plgu", "pump": "pupm",
            "belt": "blet", "bearing": "baering", "bulb": "blub", "gasket": "gaskte", "sensor": "senosr",
            "alternator": "altenrator", "radiator": "raditaor", "thermostat": "thermotsat"}


def rows(size):
    """The catalogue's rows, from a fixed seed; also the numbers to search for."""
    rng = random.Random(37)
    oems, olds = [], []
    for i in range(size):
        kind = rng.choice(KINDS)
        fits = []
        for _ in range(3):
            make, model = rng.choice(VEHICLES)
            first = rng.randint(1998, 2020)
            engine = rng.choice(ENGINES) if rng.random() < 0.6 else ""
            axle = rng.choice(["front", "rear"]) if rng.random() < 0.4 else ""
            fits.append(f"{make}|{model}|{first}|{first + rng.randint(0, 6)}|{engine}||{axle}")
        oem = [f"{rng.randint(10000, 99999)}-{rng.randint(10000, 99999)}", f"{rng.randint(100, 999)}-{rng.randint(1000, 9999)}-A"]
        old = f"{rng.randint(10000, 99999)}-{rng.randint(10000, 99999)}-X"
        if i % 97 == 0:
            oems.append(oem[0])
            olds.append(old)
        make, model = fits[0].split("|")[:2]
        name = f"{rng.choice(ADJECTIVES)} {kind} {i}"
        description = f"{kind} for the {make} {model} and more; made to the original maker's specification."
        price = f"{rng.randint(300, 60000) / 100:.2f}"
        yield (f"SC-{i:07d},{name},{description},,{price},{rng.randint(0, 200)},1,5,{CATEGORIES[kind]},"
               f"{rng.randint(50, 20000) / 1000:.3f},{';'.join(oem)},{old},{';'.join(fits)}"), oems, olds


class Api:
    def __init__(self, url, token=None, timeout=300):
        parts = urllib.parse.urlparse(url)
        self.host, self.port, self.timeout, self.token = parts.hostname, parts.port, timeout, token
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def call(self, method, path, body=None, headers=None):
        sent = {"accept": "application/json", **(headers or {})}
        if self.token:
            sent["authorization"] = f"Bearer {self.token}"
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            sent["content-type"] = "application/json"
        for attempt in range(3):
            try:
                self.conn.request(method, path, body=body, headers=sent)
                response = self.conn.getresponse()
                return response.status, dict((k.lower(), v) for k, v in response.getheaders()), response.read()
            except (http.client.HTTPException, OSError):
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
                if attempt == 2:
                    raise
                time.sleep(0.5)


def login(url, password):
    status, _, data = Api(url).call("POST", "/api/auth/login", {"email": "admin@example.com", "password": password})
    assert status == 200, data
    return json.loads(data)["token"]


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cmd_load(url, password, size, pid, out):
    size, pid = int(size), int(pid)
    api = Api(url, login(url, password))
    highest = [rss_kb(pid)]
    done = threading.Event()

    def watch():
        while not done.wait(0.25):
            try:
                highest[0] = max(highest[0], rss_kb(pid))
            except OSError:
                return
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    started = time.monotonic()
    piece, pieces, total_bytes, oems, olds = [HEADER], 0, 0, [], []

    def send(lines):
        nonlocal total_bytes
        raw = ("\n".join(lines) + "\n").encode()
        total_bytes += len(raw)
        status, headers, data = api.call("POST", "/api/admin/parts/import", raw,
                                         {"content-type": "text/csv", "prefer": "respond-async"})
        assert status in (200, 202), data[:300]
        if status == 202:
            location = headers["location"]
            while True:
                time.sleep(0.5)
                status, _, data = api.call("GET", location)
                job = json.loads(data)
                if job["state"] != "running":
                    assert job["state"] == "done", job
                    break
    for line, oems, olds in rows(size):
        piece.append(line)
        if len(piece) > PIECE:
            send(piece)
            pieces += 1
            piece = [HEADER]
    if len(piece) > 1:
        send(piece)
        pieces += 1
    took = time.monotonic() - started
    done.set()
    watcher.join()
    with open(out, "w") as f:
        json.dump({"import_s": took, "rss_import_kb": highest[0], "pieces": pieces,
                   "file_bytes": total_bytes, "oems": oems, "olds": olds, "load": "through the API"}, f)
    print(f"  imported {size:,} parts in {took:.1f} s ({pieces} files, {total_bytes / 2**20:.0f} MiB), "
          f"RSS at most {highest[0] / 1024:.0f} MiB")


def cmd_import(shop_bin, size, csv_path, out):
    """Writes the catalogue as one file, then loads it with `shop import`
    (one transaction, the shop stopped; its data folder and database come
    from the environment), timed, with the command's RSS at its highest."""
    size = int(size)
    oems, olds = [], []
    with open(csv_path, "w") as f:
        f.write(HEADER + "\n")
        for line, oems, olds in rows(size):
            f.write(line + "\n")
    started = time.monotonic()
    command = subprocess.Popen([shop_bin, "import", csv_path])
    # The kernel's own figure of the command's highest RSS (KiB on Linux).
    _, status, usage = os.wait4(command.pid, 0)
    took = time.monotonic() - started
    highest = usage.ru_maxrss
    code = os.waitstatus_to_exitcode(status)
    assert code == 0, f"shop import failed ({code})"
    with open(out, "w") as f:
        json.dump({"import_s": took, "rss_import_kb": highest, "pieces": 1,
                   "file_bytes": os.path.getsize(csv_path), "oems": oems, "olds": olds,
                   "load": "`shop import`"}, f)
    print(f"  imported {size:,} parts in {took:.1f} s with shop import, RSS at most {highest / 1024:.0f} MiB")


def request_kinds(api, load, size):
    """Each kind of request measured, as a function answering the next path
    of that kind (from a fixed seed)."""
    rng = random.Random(11)
    years = list(range(2000, 2024))
    words = list(MISSPELT)
    status, _, data = api.call("GET", "/api/part?limit=1&sort=newest")
    newest = int(json.loads(data)[0]["_id"])
    lowest = newest - size + 1
    queries = {
        "word search": lambda: f"/api/part?{urllib.parse.urlencode({'q': rng.choice(words), 'limit': 24})}",
        "vehicle words": lambda: "/api/part?" + urllib.parse.urlencode(
            {"q": f"{rng.choice(years)} {rng.choice(VEHICLES)[1].lower()} {rng.choice(words)}", "limit": 24}),
        "misspelt word": lambda: f"/api/part?{urllib.parse.urlencode({'q': MISSPELT[rng.choice(words)], 'limit': 24})}",
        "OEM number": lambda: f"/api/part?{urllib.parse.urlencode({'q': rng.choice(load['oems']).replace('-', ''), 'limit': 24})}",
        "superseded number": lambda: f"/api/part?{urllib.parse.urlencode({'q': rng.choice(load['olds']).replace('-', ''), 'limit': 24})}",
        "year/make/model + category": lambda: "/api/part?" + urllib.parse.urlencode(
            dict(zip(["make", "model"], rng.choice(VEHICLES)), year=rng.choice(years),
                 category=rng.choice(sorted(set(CATEGORIES.values()))), limit=24)),
        "category counts": lambda: "/api/category?" + urllib.parse.urlencode(
            dict(zip(["make", "model"], rng.choice(VEHICLES)), year=rng.choice(years))),
        "/api/vehicle": lambda: "/api/vehicle",
        "list page": lambda: f"/api/part?limit=24&offset={rng.randint(0, max(0, size - 24))}",
        "one part": lambda: f"/api/part/{rng.randint(lowest, newest)}",
        "its public page": lambda: f"/parts/{rng.randint(lowest, newest)}",
    }
    return queries


def accepts(name):
    return {"accept": "text/html" if name == "its public page" else "application/json"}


def percentiles(times):
    """p50 and p99 of a list of milliseconds, and how many there were."""
    times = sorted(times)
    return {"p50": times[len(times) // 2], "p99": times[min(len(times) - 1, math.ceil(len(times) * 0.99) - 1)],
            "n": len(times)}


def cmd_measure(url, password, size, requests, pid, label, load_json, db_bytes, rss_idle, started):
    size, requests, pid = int(size), int(requests), int(pid)
    with open(load_json) as f:
        load = json.load(f)
    api = Api(url, timeout=60)
    queries = request_kinds(api, load, size)
    figures = {}
    for name, path in queries.items():
        for _ in range(3):
            api.call("GET", path(), headers=accepts(name))
        times = []
        began = time.monotonic()
        for _ in range(requests):
            # A kind that takes seconds a request is measured for a minute
            # (at least 10 requests), not for `requests` requests.
            if len(times) >= 10 and time.monotonic() - began > 60:
                break
            p = path()
            t0 = time.perf_counter()
            status, _, data = api.call("GET", p, headers=accepts(name))
            times.append((time.perf_counter() - t0) * 1000)
            assert status == 200, (p, status, data[:200])
        figures[name] = percentiles(times)
    rec = {"db": label, "size": size, "load": load.get("load", "through the API"),
           "import_s": load["import_s"], "file_bytes": load["file_bytes"],
           "db_bytes": int(db_bytes), "rss_import_kb": load["rss_import_kb"], "rss_idle_kb": int(rss_idle),
           "rss_after_kb": rss_kb(pid), "startup_s": float(started), "latency": figures}
    print(json.dumps(rec))
    sys.stderr.write(f"  {label} {size:,}: " + ", ".join(f"{k} {v['p50']:.1f}/{v['p99']:.1f} ms" for k, v in figures.items()) + "\n")


def statements_of(api, name, p, log):
    """The statements the shop ran for one request: what it logged (its
    `shop::sql` trace, one JSON line each, values written in) while
    answering it. Requests go one at a time, so the log's new lines are this
    request's."""
    log.seek(0, 2)
    status, _, data = api.call("GET", p, headers=accepts(name))
    assert status == 200, (p, status, data[:200])
    ran = []
    for line in log.read().splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if event.get("target") == "shop::sql":
            ran.append(event["fields"]["message"])
    return ran


def sqlite_timer(path):
    """Times groups of statements on the SQLite file, read-only, with the
    SQLite of pysqlite3-binary (scripts/ensure-bench-sqlite.sh installs it
    for scale.sh: the shop's word index needs SQLite 3.43 or later), or else
    Python's own sqlite3 module (the system's SQLite library)."""
    try:
        import pysqlite3 as sqlite3
        module = "pysqlite3-binary"
    except ImportError:
        import sqlite3
        module = "Python's sqlite3 module"
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)

    def run(groups):
        times = []
        for group in groups:
            t0 = time.perf_counter()
            for statement in group:
                db.execute(statement).fetchall()
            times.append((time.perf_counter() - t0) * 1000)
        return times
    return run, f"SQLite {sqlite3.sqlite_version} ({module})"


def postgres_timer(url):
    """Times groups of statements with psql: one session, `\timing` for each
    statement, the rows written nowhere; a group's time is the sum of its
    statements'."""
    import subprocess
    version = subprocess.run(["psql", "-X", "-qAtc", "SHOW server_version", url],
                             check=True, capture_output=True, text=True).stdout.strip()

    def run(groups):
        script = ["\\timing on", "\\o /dev/null"]
        for i, group in enumerate(groups):
            script.append(f"\\echo group {i}")
            script += [statement.rstrip(";") + ";" for statement in group]
        out = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url],
                             input="\n".join(script) + "\n", check=True, capture_output=True, text=True).stdout
        times, current = [], None
        for line in out.splitlines():
            if line.startswith("group "):
                if current is not None:
                    times.append(current)
                current = 0.0
            elif line.startswith("Time: "):
                current += float(line.split()[1])
        if current is not None:
            times.append(current)
        assert len(times) == len(groups), (len(times), len(groups))
        return times
    return run, f"PostgreSQL {version} (psql)"


def cmd_bare(url, size, requests, label, load_json, log_path, database):
    """The limit beside each request kind: the statements the shop ran for
    it, run again on the bare database with its own client, no HTTP and no
    shop. Asked of a shop logging its statements (started with
    RUST_LOG=shop::sql=trace and SHOP_LOG_FORMAT=json), which only records
    them: its own times are measured without the log."""
    size, requests = int(size), int(requests)
    with open(load_json) as f:
        load = json.load(f)
    api = Api(url, timeout=60)
    run, client = (postgres_timer(database) if database.startswith("postgres")
                   else sqlite_timer(database))
    figures = {}
    with open(log_path) as log:
        for name, path in request_kinds(api, load, size).items():
            groups, left_out, began = [], 0, time.monotonic()
            # As many as the shop's own, or a minute's worth (at least 10).
            while len(groups) < requests + 3 and (len(groups) < 13 or time.monotonic() - began < 60):
                group = statements_of(api, name, path(), log)
                # Reads only: the replay must change nothing (a GET writes
                # nothing today; should one, it is left out and counted).
                reads = [st for st in group if st.lstrip().upper().startswith(("SELECT", "WITH"))]
                left_out += len(group) - len(reads)
                groups.append(reads)
            run(groups[:3])  # warm, as the shop's own requests were
            times = run(groups[3:])
            figures[name] = {**percentiles(times), "left_out": left_out,
                             "statements": sum(len(g) for g in groups[3:]) / len(groups[3:])}
    print(json.dumps({"db": label, "size": size, "bare": figures, "bare_client": client}))
    sys.stderr.write(f"  {label} {size:,}, the database alone: "
                     + ", ".join(f"{k} {v['p50']:.1f}/{v['p99']:.1f} ms" for k, v in figures.items()) + "\n")


def cmd_middle(url, size):
    """The id of the catalogue's middle part, of the `size` loaded (the
    newest part is the last one loaded)."""
    status, _, data = Api(url).call("GET", "/api/part?limit=1&sort=newest")
    assert status == 200, data[:200]
    newest = int(json.loads(data)[0]["_id"])
    print(newest - int(size) + 1 + int(size) // 2)


def cmd_traffic(label, size, *figures):
    """The record of scale.sh's `traffic`: each round's requests a second of
    the shop and of nginx (list page, one part), and its orders a second
    (`created/seconds`) with their check (helper.py verify's JSON)."""
    rec = {"traffic": True, "db": label, "size": int(size), "orders_ok": True, "checks": []}
    for figure in figures:
        key, value = figure.split("=", 1)
        if key == "check":
            check = json.loads(value) if value.startswith("{") else {"ok": False, "text": value}
            rec["orders_ok"] = rec["orders_ok"] and check["ok"]
            rec["checks"].append(check["text"])
        elif key == "orders":
            created, secs = value.split("/")
            rec.setdefault(key, []).append(int(created) / float(secs) if float(secs) > 0 else 0.0)
        else:
            rec.setdefault(key, []).append(float(value) if value else 0.0)
    print(json.dumps(rec))


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else 0.0


def cmd_report(records, out_md, out_svg):
    recs, bare, traffic = [], {}, {}
    for line in open(records):
        if line.strip():
            rec = json.loads(line)
            if "bare" in rec:
                bare[(rec["db"], rec["size"])] = rec
            elif "traffic" in rec:
                traffic[(rec["db"], rec["size"])] = rec
            else:
                recs.append(rec)
    lines = ["# The catalogue at scale", "",
             "p50 / p99 in ms, one request at a time, the catalogue cache off; memory is the shop's RSS.",
             "Under each request kind, *the database alone*: the statements the shop ran for that "
             "kind of request, run again with the database's own client (no HTTP, no shop), and "
             "the shop's p50 as a multiple of that one.", ""]
    clients = sorted({r["bare_client"] for r in bare.values()})
    if clients:
        lines[-1:-1] = ["The database alone was timed with " + ", ".join(clients) + "."]
    for db in sorted({r["db"] for r in recs}, key=lambda d: d != "SQLite"):
        mine = sorted((r for r in recs if r["db"] == db), key=lambda r: r["size"])
        lines += [f"## {db}", "", "| | " + " | ".join(f"{r['size']:,} parts" for r in mine) + " |",
                  "|---|" + "---:|" * len(mine)]
        def row(name, value):
            lines.append(f"| {name} | " + " | ".join(value(r) for r in mine) + " |")
        row("Import (" + mine[0].get("load", "through the API") + ")", lambda r: f"{r['import_s']:.1f} s")
        row("Database on disk", lambda r: f"{r['db_bytes'] / 2**20:.0f} MiB")
        row("RSS, highest during the import", lambda r: f"{r['rss_import_kb'] / 1024:.0f} MiB")
        row("RSS idle after the import", lambda r: f"{r['rss_idle_kb'] / 1024:.0f} MiB")
        row("RSS after the requests below", lambda r: f"{r['rss_after_kb'] / 1024:.0f} MiB")
        row("Start-up on the full database", lambda r: f"{r['startup_s']:.2f} s")
        for name in mine[0]["latency"]:
            def cell(r, n=name):
                figure = r["latency"][n]
                fewer = f" ({figure['n']} requests)" if figure.get("n", 200) < 100 else ""
                return f"{figure['p50']:.1f} / {figure['p99']:.1f}{fewer}"
            row(name, cell)

            def alone(r, n=name):
                figure = bare.get((db, r["size"]), {}).get("bare", {}).get(n)
                if not figure:
                    return "—"
                ratio = r["latency"][n]["p50"] / figure["p50"] if figure["p50"] > 0 else None
                left = f", {figure['left_out']} writes left out" if figure.get("left_out") else ""
                return (f"{figure['p50']:.1f} / {figure['p99']:.1f}"
                        + (f" (shop ×{ratio:.1f})" if ratio else "")
                        + f" · {figure['statements']:.1f} statements{left}")
            if any(bare.get((db, r["size"])) for r in mine):
                row(f"… {name}: the database alone", alone)
        if any(traffic.get((db, r["size"])) for r in mine):
            def rate(r, key):
                t = traffic.get((db, r["size"]))
                if not t or not t.get(f"shop_{key}"):
                    return "—"
                shop, nginx = median(t[f"shop_{key}"]), median(t[f"nginx_{key}"])
                shares = " / ".join(f"{a / b:.0%}" for a, b in zip(t[f"shop_{key}"], t[f"nginx_{key}"]) if b)
                return f"{shop:,.0f} req/s, {shop / nginx:.0%} of nginx's {nginx:,.0f} ({shares})" if nginx else "—"
            row("Under load: a list page (`limit=100`)", lambda r: rate(r, "list"))
            row("Under load: one part", lambda r: rate(r, "part"))
            first = next((traffic[(db, r["size"])] for r in mine if traffic.get((db, r["size"]))), None)

            def orders(r):
                t = traffic.get((db, r["size"]))
                if not t or not t.get("orders"):
                    return "—"
                rate_now = median(t["orders"])
                against = ""
                if first is not t and first.get("orders"):
                    against = f", {rate_now / median(first['orders']) - 1:+.0%} on {first['size']:,} parts"
                runs = " / ".join(f"{o:,.0f}" for o in t["orders"])
                return (f"{rate_now:,.0f}/s ({runs}){against}"
                        + ("" if t["orders_ok"] else "; CHECK FAILED: " + "; ".join(t["checks"])))
            row("Under load: one-part orders of 1,000 parts", orders)
        lines.append("")
    with open(out_md, "w") as f:
        f.write("\n".join(lines) + "\n")
    write_chart(recs, out_svg)


def write_chart(recs, out_svg):
    """Each request kind's p50 against the catalogue's size, log scales, a panel per database."""
    dbs = sorted({r["db"] for r in recs}, key=lambda d: d != "SQLite")
    width, height, pad = 520, 360, 60
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
               "#7f7f7f", "#bcbd22", "#17becf", "#000000"]
    sizes = sorted({r["size"] for r in recs})
    values = [v["p50"] for r in recs for v in r["latency"].values() if v["p50"] > 0]
    lo, hi = math.log10(min(values + [0.1])), math.log10(max(values + [10]))
    xs = (math.log10(sizes[0]), math.log10(sizes[-1]) if len(sizes) > 1 else math.log10(sizes[0]) + 1)
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * len(dbs)}" height="{height + 190}" font-family="sans-serif" font-size="11">']
    for panel, db in enumerate(dbs):
        ox = panel * width
        mine = sorted((r for r in recs if r["db"] == db), key=lambda r: r["size"])
        svg.append(f'<text x="{ox + width / 2}" y="20" text-anchor="middle" font-size="14">{db}: p50 (ms) against parts</text>')
        svg.append(f'<rect x="{ox + pad}" y="30" width="{width - 2 * pad}" height="{height - 60}" fill="none" stroke="#999"/>')
        def X(size):
            return ox + pad + (math.log10(size) - xs[0]) / ((xs[1] - xs[0]) or 1) * (width - 2 * pad)
        def Y(ms):
            return 30 + (height - 60) - (math.log10(max(ms, 0.01)) - lo) / ((hi - lo) or 1) * (height - 60)
        for size in sizes:
            svg.append(f'<text x="{X(size)}" y="{height - 14}" text-anchor="middle">{size:,}</text>')
        for exp in range(math.floor(lo), math.ceil(hi) + 1):
            if lo <= exp <= hi:
                svg.append(f'<text x="{ox + pad - 6}" y="{Y(10 ** exp) + 4}" text-anchor="end">{10 ** exp:g}</text>')
        for i, name in enumerate(mine[0]["latency"]):
            points = " ".join(f"{X(r['size']):.1f},{Y(r['latency'][name]['p50']):.1f}" for r in mine)
            svg.append(f'<polyline points="{points}" fill="none" stroke="{colours[i % len(colours)]}" stroke-width="2"/>')
            if panel == 0:
                svg.append(f'<rect x="{20 + (i % 3) * 170}" y="{height + 10 + (i // 3) * 18}" width="10" height="10" fill="{colours[i % len(colours)]}"/>')
                svg.append(f'<text x="{34 + (i % 3) * 170}" y="{height + 19 + (i // 3) * 18}">{name}</text>')
    svg.append("</svg>")
    with open(out_svg, "w") as f:
        f.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    {"load": cmd_load, "import": cmd_import, "measure": cmd_measure, "bare": cmd_bare, "middle": cmd_middle,
     "traffic": cmd_traffic, "report": cmd_report}[command](*args)
