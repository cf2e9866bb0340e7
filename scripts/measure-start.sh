#!/usr/bin/env bash
# Usage: scripts/measure-start.sh <checkout> <port>
# Prints the time from `npm start` to the first 200 of /api/settings/public, then stops
# the server with SIGTERM and prints npm's exit code (0 when the shutdown was graceful).
# Run it twice: once after `rm -rf <checkout>/.data` (fresh) and once more (existing data).
cd "$1"
start=$(date +%s%N)
PORT=$2 npm start > "${TMPDIR:-/tmp}/fandeck-start-$2.log" 2>&1 &
pid=$!
until curl -sf "http://127.0.0.1:$2/api/settings/public" > /dev/null; do
  sleep 0.02
  if ! kill -0 $pid 2>/dev/null; then echo "server died"; tail -20 "${TMPDIR:-/tmp}/fandeck-start-$2.log"; exit 1; fi
done
end=$(date +%s%N)
echo "first answer after $(( (end - start) / 1000000 )) ms"
server=$(ss -ltnpH "sport = :$2" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
kill -TERM "$server"
wait $pid; echo "npm start exit code $?"
