#!/bin/bash
# Runs tools/loadsubmit once and prints the CPU cost per stored submission, which is less
# sensitive to other work on a shared machine than the throughput:
#   - the API server process (utime+stime from /proc),
#   - MariaDB split into its threads that were idle in the 3 s before the run (the
#     connection threads of the API server's pool) and the threads that were already busy
#     (background threads and other clients' connections: an upper bound of our share),
#   - SHOW GLOBAL STATUS deltas per submission (statements, transactions, fsyncs).
#
#   tools/loadsubmit/measure.sh SERVER_PID SURVEY_ID RATE WORKERS DURATION [loadsubmit flags]
#
# e.g. with benchserve: measure.sh "$(pgrep -f benchserve)" "$SID" 500 64 10s -password bench-admin-1
set -euo pipefail
SERVER=$1 SID=$2 RATE=$3 WORKERS=$4 DUR=$5; shift 5
MYSQL=${MYSQL:-"mysql -uroot -h127.0.0.1"}
M=$(pgrep -x mariadbd)
ticks() { awk '{print $14+$15}' "/proc/$1/stat"; }
threads() { for t in /proc/"$M"/task/*; do echo "$(basename "$t") $(awk '{print $14+$15}' "$t/stat" 2>/dev/null || echo 0)"; done | sort; }
status() { $MYSQL -N -e "show global status where Variable_name in ('Com_select','Com_insert','Com_update','Com_commit','Questions','Innodb_data_fsyncs','Innodb_rows_inserted')" | sort; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
threads >"$tmp/a"; sleep 3; threads >"$tmp/b"
join "$tmp/a" "$tmp/b" | awk '$3-$2>0{print $1}' >"$tmp/busy"
threads >"$tmp/t0"; status >"$tmp/s0"; s0=$(ticks "$SERVER"); l0=$(cut -d' ' -f1-3 /proc/loadavg)
${LOADSUBMIT:-go run ./tools/loadsubmit} -sid "$SID" -rates "$RATE" -workers "$WORKERS" -duration "$DUR" "$@" | tee "$tmp/out"
threads >"$tmp/t1"; status >"$tmp/s1"; s1=$(ticks "$SERVER")
n=$(awk '/^rate/{for(i=1;i<=NF;i++) if($i=="ok") s+=$(i+1)} END{print s+0}' "$tmp/out")
[ "$n" -gt 0 ] || { echo "nothing stored"; exit 1; }
echo "load average before: $l0, after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server CPU: $(echo "scale=3; ($s1-$s0)*10/$n" | bc) ms/submission"
join "$tmp/t0" "$tmp/t1" | awk '{print $1, $3-$2}' >"$tmp/td"
awk -v n="$n" 'NR==FNR{b[$1]=1; next} {if ($1 in b) bb+=$2; else o+=$2}
  END {printf "MariaDB CPU: %.3f ms/submission in the pool connection threads, %.3f ms/submission in busy-before threads (background + other clients)\n", o*10/n, bb*10/n}' "$tmp/busy" "$tmp/td"
join "$tmp/s0" "$tmp/s1" | awk -v n="$n" '{printf "%s %.2f/submission\n", $1, ($3-$2)/n}'
