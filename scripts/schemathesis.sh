#!/usr/bin/env bash
# Runs Schemathesis, an outside fuzzer, against the service: a throwaway bundled Neo4j with the demo data, the service
# on a free port with an admin token, then `st run` on the served openapi.json, seeded and bounded in time. Exits
# non-zero on any failure Schemathesis reports. Schemathesis is installed (pinned) into a virtualenv under .tmp/.
#   scripts/schemathesis.sh                 # seed 1, 5 examples per operation
#   ST_SEED=7 ST_MAX_EXAMPLES=20 scripts/schemathesis.sh
#   scripts/schemathesis.sh --include-path /germplasm     # extra arguments go to `st run`
set -uo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
venv=.tmp/schemathesis
seed=${ST_SEED:-1}
max_examples=${ST_MAX_EXAMPLES:-5}
# Whole-run bound: Schemathesis stops here, and the run fails if it was cut short (a full run takes 5 to 10 minutes
# on 2 cores, depending on what else runs).
max_seconds=${ST_MAX_SECONDS:-900}
# Neo4j's start and the demo load take about 25 s on an idle 2-core machine; a busy one takes much longer.
start_seconds=${ST_START_SECONDS:-600}

if [ "$("$venv/bin/st" --version 2>/dev/null)" != "st, version $SCHEMATHESIS_VERSION" ]; then
  echo "Installing Schemathesis $SCHEMATHESIS_VERSION into $venv"
  python3 -m venv "$venv" && "$venv/bin/pip" install -q "schemathesis==$SCHEMATHESIS_VERSION" || { echo "could not install Schemathesis"; exit 1; }
fi

work=$(mktemp -d)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
token="schemathesis-$(node -e "console.log(require('crypto').randomBytes(16).toString('hex'))")"
log="$work/service.log"

BRAPI_DEV_DB_DIR="$work/neo4j" BRAPI_DEV_DB_HTTP_PORT=0 BRAPI_DEV_DB_BOLT_PORT=0 PORT=$port HOST=127.0.0.1 \
  BRAPI_ADMIN_TOKEN=$token LOG_LEVEL=info node --import tsx src/main.ts > "$log" 2>&1 &
service=$!
stop() {
  # SIGTERM: the service stops its Neo4j before exiting.
  kill -TERM "$service" 2>/dev/null && wait "$service" 2>/dev/null
  rm -rf "$work"
}
trap stop EXIT

base="http://127.0.0.1:$port/brapi/v2"
for _ in $(seq 1 "$start_seconds"); do
  curl -sf "http://127.0.0.1:$port/ready" >/dev/null 2>&1 && break
  kill -0 "$service" 2>/dev/null || { cat "$log"; echo "the service did not start"; exit 1; }
  sleep 1
done
curl -sf "http://127.0.0.1:$port/ready" >/dev/null || { tail -n 40 "$log"; echo "the service was not ready in $start_seconds s"; exit 1; }

# The run's part of the log starts here (before it, /ready answered 503 while the service was starting).
first_line=$(($(wc -l < "$log") + 1))
timeout --signal=INT "$max_seconds" "$venv/bin/st" --no-color --config-file scripts/schemathesis.toml run "$base/openapi.json" \
  -H "Authorization: Bearer $token" --max-examples "$max_examples" --seed "$seed" \
  --request-timeout 60 "$@"
status=$?
if [ $status -eq 124 ] || [ $status -eq 130 ]; then echo "Schemathesis was stopped after $max_seconds s"; status=1; fi
# Any error the service logs fails the run, whether or not a Schemathesis check saw it: a line at level "error" (a
# request that failed with a 500, a saved search that failed in the background) or a request answered 5xx (the
# request log, one line per request, at level info).
failed_lines() { tail -n "+$first_line" "$log" | grep -E '"level":"error"|"status":5[0-9][0-9][,}]'; }
errors=$(failed_lines | wc -l)
if [ "$errors" -gt 0 ]; then
  echo "The service logged $errors error(s) during the run:"; failed_lines | head -n 20
  status=1
fi
exit $status
