# Stage timing for `npm test` (scripts/test-all.sh) and `bash .ci/run`. Source it:
#   . scripts/stages.sh
#   stage "typecheck" npx tsc --noEmit -p .          # one stage, in the foreground
#   stage_beside "lint" npm run lint --silent        # stages that run side by side ...
#   stage_beside "build" npm run build
#   stages_wait                                       # ... until all are done; their output, in order
#   stage_report                                      # each stage's time
# Times go to $STAGE_TIMES (a file), so a caller (.ci/run) can add its own stages and print
# one table at the end. A failing stage stops the caller (set -e) after its output is shown.

: "${STAGE_TIMES:=$(mktemp)}"
export STAGE_TIMES
_stage_pids=()
_stage_names=()
_stage_logs=()
_stage_starts=()

_stage_record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"${STAGE_TIMES}"; }

stage() {
  local name="$1" started status=0
  shift
  printf '\n== %s\n' "${name}"
  started=$(date +%s)
  "$@" || status=$?
  _stage_record "${name}" "$(($(date +%s) - started))" "$([ "${status}" -eq 0 ] && echo ok || echo FAILED)"
  return "${status}"
}

stage_beside() {
  local name="$1" log
  shift
  log="$(mktemp)"
  printf '\n== %s (side by side)\n' "${name}"
  # The stage's own end time, so a stage waited for after a longer one is not charged for it.
  {
    local status=0
    "$@" || status=$?
    date +%s >"${log}.end"
    exit "${status}"
  } >"${log}" 2>&1 &
  _stage_pids+=("$!")
  _stage_names+=("${name}")
  _stage_logs+=("${log}")
  _stage_starts+=("$(date +%s)")
}

stages_wait() {
  local i status failed=0
  for i in "${!_stage_pids[@]}"; do
    status=0
    wait "${_stage_pids[$i]}" || status=$?
    _stage_record "${_stage_names[$i]}" "$(($(cat "${_stage_logs[$i]}.end" 2>/dev/null || date +%s) - _stage_starts[i]))" \
      "$([ "${status}" -eq 0 ] && echo ok || echo FAILED)"
    printf '\n== %s: output\n' "${_stage_names[$i]}"
    cat "${_stage_logs[$i]}"
    rm -f "${_stage_logs[$i]}" "${_stage_logs[$i]}.end"
    [ "${status}" -eq 0 ] || { printf '== %s FAILED (exit %s)\n' "${_stage_names[$i]}" "${status}"; failed=1; }
  done
  _stage_pids=()
  _stage_names=()
  _stage_logs=()
  _stage_starts=()
  return "${failed}"
}

stage_report() {
  [ -s "${STAGE_TIMES}" ] || return 0
  printf '\n== stage times (side-by-side stages overlap)\n'
  awk -F'\t' '{ printf "  %-58s %5d s  %s\n", $1, $2, $3 }' "${STAGE_TIMES}"
}
