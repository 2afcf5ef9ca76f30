# Helpers shared by the bench scripts; they expect $work (a scratch folder) and $seconds (per
# load). Not run on its own.

start_actionhub() { # port database [serve options…] → sets server and startup_ms
  # $launcher, when set, runs the server under another program (bench/instructions: valgrind).
  local port=$1 database=$2 started
  shift 2
  # Emptied first, here: the redirect below empties it only once the new process runs, so the
  # wait could see the "listening" line of the server before on this port.
  : >"$work/out-$port"
  started=$(date +%s%N)
  # $actionhub, when set, is the binary to start (another build, for an A/B).
  ${launcher:-} "${actionhub:-.build/release/actionhub}" serve --port "$port" --database "$database" --log-level warning --rate-limit 0 "$@" \
    >"$work/out-$port" 2>"$work/err-$port" &
  server=$!
  until grep -q '^listening' "$work/out-$port" 2>/dev/null; do
    kill -0 $server 2>/dev/null || { cat "$work/err-$port" >&2; exit 1; }
    sleep 0.002
  done
  startup_ms=$(( ($(date +%s%N) - started) / 1000000 ))
}

key_for() { # creates and migrates the database when it is new, then prints an admin key
  .build/release/actionhub migrate --database "$1" >/dev/null
  .build/release/actionhub keys create --scope admin --database "$1"
}

disk_written() { # → "sectors requests" written so far to the disk under $work ("0 0" if unknown)
  local device
  device=$(basename "$(df --output=source "$work" | tail -1)")
  awk -v d="$device" '$3 == d {print $10, $8; found=1} END {if (!found) print 0, 0}' /proc/diskstats
}

disk_mark() { read -r disk_sectors disk_requests < <(disk_written); }

disk_per_request() { # label → what went to disk per request of the last load since disk_mark
  local sectors requests
  read -r sectors requests < <(disk_written)
  awk -v s=$((sectors - disk_sectors)) -v r=$((requests - disk_requests)) -v n=$(($(cat "$work/rate") * seconds)) \
    -v label="$1" 'BEGIN {if (n > 0 && s > 0) printf "%s: %.1f KB written to disk per request, in %.2f write requests\n", label, s * 512 / 1024 / n, r / n}'
}

# Peak RSS, then what is resident now by kind: SQLite readers map the database file, whose pages
# count as file-backed (page cache, shared; once per reader connection in the process's RSS).
peak_rss() {
  awk '/VmHWM/ {h = int($2 / 1024)} /RssAnon/ {a = int($2 / 1024)} /RssFile/ {f = int($2 / 1024)}
    END {printf "%d MB (now %d MB anonymous, %d MB file-backed)", h, a, f}' "/proc/$1/status"
}

# wrk output → "rate p50 p99 non2xx"
figures() {
  local rate p50 p99 errors
  rate=$(awk '/Requests\/sec/ {print int($2)}' "$1")
  p50=$(awk '$1=="50%" {print $2}' "$1"); p99=$(awk '$1=="99%" {print $2}' "$1")
  errors=$(awk '/Non-2xx/ {print $NF}' "$1")
  echo "$rate $p50 $p99 ${errors:-0}"
}

load() { # connections script label port → prints a line, leaves the rate in $work/rate
  # A client number of its own per load keeps POST ids unique across loads on one database.
  BENCH_CLIENT=$((RANDOM % 4096 * 2)) wrk -t2 -c"$1" -d"${seconds}s" --latency -s "$2" "http://127.0.0.1:$4" >"$work/wrk"
  read -r rate p50 p99 errors < <(figures "$work/wrk"); grep -h "Socket errors" "$work/wrk" || true
  printf '%-40s %8s req/s   p50 %8s   p99 %8s   non-2xx %s\n' "$3" "$rate" "$p50" "$p99" "$errors"
  echo "$rate" >"$work/rate"
}

load_pair() { # connections-each script label port-a port-b → both at once, one wrk per instance
  local client=$((RANDOM % 4096 * 2))
  BENCH_CLIENT=$client wrk -t1 -c"$1" -d"${seconds}s" --latency -s "$2" "http://127.0.0.1:$4" >"$work/wrk-a" &
  local first=$!
  BENCH_CLIENT=$((client + 1)) wrk -t1 -c"$1" -d"${seconds}s" --latency -s "$2" "http://127.0.0.1:$5" >"$work/wrk-b"
  wait $first
  read -r rate_a p50_a p99_a errors_a < <(figures "$work/wrk-a")
  read -r rate_b p50_b p99_b errors_b < <(figures "$work/wrk-b")
  pair_rate=$((rate_a + rate_b))
  printf '%-40s %8s req/s   p50 %8s / %s   p99 %8s / %s   non-2xx %s\n' "$3" "$((rate_a + rate_b))" \
    "$p50_a" "$p50_b" "$p99_a" "$p99_b" "$((errors_a + errors_b))"
}

baseline_build() { # commit → prints the path of that commit's release binary, built once in a worktree
  local tree=.build/bench-baseline/$1
  if [ ! -x "$tree/.build/release/actionhub" ]; then
    echo "building the baseline ($1) in $tree" >&2
    rm -rf "$tree"
    mkdir -p .build/bench-baseline
    git worktree add --detach -f "$tree" "$1" >/dev/null
    (cd "$tree" && swift build -c release --product actionhub >/dev/null)
  fi
  echo "$tree/.build/release/actionhub"
}

start_postgres() { # port → a throwaway cluster in $work/pg on loopback, durable defaults; sets postgres
  pg_port=$1
  local pg_bin
  pg_bin=$(pg_config --bindir)
  mkdir "$work/pg"
  [ "$(id -u)" -ne 0 ] || chown postgres:postgres "$work/pg"
  as_postgres "$pg_bin/initdb" -D "$work/pg/data" -U actionhub -A trust -E UTF8 --locale=C >/dev/null
  as_postgres "$pg_bin/postgres" -D "$work/pg/data" -p "$pg_port" -c listen_addresses=127.0.0.1 \
    -c unix_socket_directories="$work/pg" -c max_connections=300 -c shared_buffers=256MB -c max_wal_size=4GB \
    >"$work/pg/log" 2>&1 &
  postgres=$!
  until sql -d postgres -c 'SELECT 1' >/dev/null 2>&1; do
    kill -0 $postgres 2>/dev/null || { cat "$work/pg/log" >&2; exit 1; }
    sleep 0.1
  done
}

stop_postgres() { # SIGQUIT to the postmaster: immediate shutdown; the cluster is thrown away.
  # $postgres is the shell that started it (as_postgres runs in a subshell), so its pid is read
  # from the cluster's postmaster.pid.
  [ ! -f "$work/pg/data/postmaster.pid" ] || kill -QUIT "$(head -1 "$work/pg/data/postmaster.pid")" 2>/dev/null
  wait $postgres 2>/dev/null || true
}

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"; else "$@"; fi
}

sql() { psql -h 127.0.0.1 -p "$pg_port" -U actionhub -v ON_ERROR_STOP=1 -qAt "$@"; }

# CPU time in clock ticks (1/100 s): of the given processes, of PostgreSQL's, and of the machine.
cpu_ticks() { local total=0 pid; for pid in "$@"; do [ ! -r "/proc/$pid/stat" ] || total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done; echo $total; }
busy_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $6 + $7 + $8}' /proc/stat; }
cpu_mark() { # pids… → remembers their CPU, PostgreSQL's and the machine's so far
  cpu_pids=("$@")
  cpu_before=(); local pid; for pid in "$@"; do cpu_before+=("$(cpu_ticks "$pid")"); done
  pg_before=$(cpu_ticks $(pgrep -u postgres -d ' ' || true)); busy_before=$(busy_ticks)
}
cpu_per_request() { # requests → CPU µs per request since cpu_mark: each process, PostgreSQL, the machine
  local requests=$1 line="" index pid
  for index in "${!cpu_pids[@]}"; do
    pid=${cpu_pids[$index]}
    line+="instance $((index + 1)) $(( ($(cpu_ticks "$pid") - cpu_before[index]) * 10000 / requests )) µs, "
  done
  echo "  CPU per request: ${line}PostgreSQL $(( ($(cpu_ticks $(pgrep -u postgres -d ' ' || true)) - pg_before) * 10000 / requests )) µs," \
    "machine $(( ($(busy_ticks) - busy_before) * 10000 / requests )) µs ($(( ($(busy_ticks) - busy_before) * 100 / (seconds * 100 * $(nproc)) ))% of $(nproc) cores busy)"
}
