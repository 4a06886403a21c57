#!/usr/bin/env bash
# Runs every Playwright journey in E2E_SHARDS parallel shards (default 2). Each shard is its own
# scripts/e2e.sh: a fresh data folder, `dwsurvey dev` with its own Temporal dev server, SMTP sink
# and ports, so shards share no state. Journeys are dealt to shards by file size (a proxy for
# running time), largest first, each to the shard with the least so far. Prints each shard's
# output when it ends; fails when any shard fails.
set -uo pipefail
cd "$(dirname "$0")/.."
shards=${E2E_SHARDS:-2}
mapfile -t files < <(cd console && ls -S e2e/*.test.mjs)
declare -a load lists
for ((i = 0; i < shards; i++)); do load[i]=0; lists[i]=""; done
for f in "${files[@]}"; do
  size=$(stat -c %s "console/$f")
  best=0
  for ((i = 1; i < shards; i++)); do ((load[i] < load[best])) && best=$i; done
  load[best]=$((load[best] + size))
  lists[best]="${lists[best]} $f"
done
logdir=$(mktemp -d /tmp/dws-e2e-all.XXXXXX)
declare -a pids
for ((i = 0; i < shards; i++)); do
  echo "shard $i:${lists[i]}"
  E2E_PORT=$((18080 + 1000 * i)) E2E_TEMPORAL_PORT=$((17233 + 2000 * i)) E2E_TEMPORAL_UI_PORT=$((18233 + 2000 * i)) \
    E2E_ONLY="${lists[i]# }" bash scripts/e2e.sh >"$logdir/shard$i.log" 2>&1 &
  pids[i]=$!
done
status=0
for ((i = 0; i < shards; i++)); do
  if wait "${pids[i]}"; then result=passed; else result=FAILED; status=1; fi
  echo "=================== shard $i $result"
  cat "$logdir/shard$i.log"
done
rm -rf "$logdir"
exit $status
