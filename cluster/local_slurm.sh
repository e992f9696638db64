#!/usr/bin/env bash
# A one-node SLURM cluster on this machine, to try the workflow's cluster path (profiles/slurm) on a laptop and
# to test it in CI. Debian or Ubuntu, as root, no systemd needed.
#
#   sudo cluster/local_slurm.sh up       install slurm-wlm and munge when missing, write /etc/slurm/slurm.conf
#                                        (one node: this machine; one default partition), start munged, slurmctld
#                                        and slurmd, wait until the node takes jobs
#   sudo cluster/local_slurm.sh down     stop the daemons this script started, by their own PID files
#   cluster/local_slurm.sh status        the partition and the node as SLURM sees them
#
# Both are idempotent: `up` on a running cluster only checks it (and restarts it if the configuration it would
# write has changed); `down` on a stopped one does nothing. There is no accounting database: check jobs with
# `squeue` (finished jobs stay listed for MinJobAge = 300 s), not `sacct`; submit with the account `none`.
# Environment: LOCAL_SLURM_PARTITION (default: local) names the partition.
set -euo pipefail

CONF=/etc/slurm/slurm.conf
MARK="# Written by statmech_bayes cluster/local_slurm.sh (a one-node test cluster); 'down' leaves it, 'up' rewrites it."
RUN=/run/statmech-slurm          # slurmctld's and slurmd's PID files; which daemons this script started
STATE=/var/lib/slurm/statmech    # slurmctld's state, slurmd's spool
LOGDIR=/var/log/slurm
MUNGE_PID=/run/munge/munged.pid
PARTITION=${LOCAL_SLURM_PARTITION:-local}

say() { echo "local_slurm: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

need_root() {
    [[ $(id -u) -eq 0 ]] || die "run as root (sudo $0 $1): it installs packages, writes $CONF and starts daemons"
}

# The PID in a PID file, if that process is alive and is the named program (not a reused PID).
live_pid() {
    local file=$1 name=$2 pid
    [[ -s $file ]] || return 1
    pid=$(tr -dc 0-9 <"$file")
    [[ -n $pid && -r /proc/$pid/comm ]] || return 1
    [[ $(cat "/proc/$pid/comm") == "$name"* ]] || return 1
    echo "$pid"
}

stop_by_pidfile() {
    local file=$1 name=$2 pid i
    if ! pid=$(live_pid "$file" "$name"); then
        rm -f "$file"
        return 0
    fi
    say "stopping $name (pid $pid)"
    kill -TERM "$pid" 2>/dev/null || true
    for i in $(seq 1 100); do
        [[ -d /proc/$pid ]] || break
        sleep 0.1
    done
    if [[ -d /proc/$pid ]]; then
        say "$name did not stop within 10 s: SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$file"
}

install_packages() {
    local missing=()
    for cmd in slurmctld slurmd sbatch squeue sinfo munged munge unmunge; do
        command -v "$cmd" >/dev/null || missing+=("$cmd")
    done
    [[ ${#missing[@]} -eq 0 ]] && return 0
    command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get: install SLURM and MUNGE by hand"
    say "installing slurm-wlm and munge (missing: ${missing[*]})"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
    [[ -s /etc/munge/munge.key ]] || { say "creating the munge key"; mungekey --create; }
    chown munge:munge /etc/munge/munge.key
    chmod 0400 /etc/munge/munge.key
}

write_config() {  # the configuration for this machine, on stdout
    local host node
    host=$(hostname -s)
    node=$(slurmd -C | head -n 1)  # NodeName=<host> CPUs=... RealMemory=...
    [[ $node == NodeName=* ]] || die "slurmd -C printed no node line: $node"
    cat <<EOF
$MARK
ClusterName=statmech-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=slurm
AuthType=auth/munge
StateSaveLocation=$STATE/slurmctld
SlurmdSpoolDir=$STATE/slurmd
SlurmctldPidFile=$RUN/slurmctld.pid
SlurmdPidFile=$RUN/slurmd.pid
SlurmctldLogFile=$LOGDIR/slurmctld.log
SlurmdLogFile=$LOGDIR/slurmd.log
# No cgroups, no systemd, no accounting database
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
# Cores and memory are both scheduled, as on a real cluster
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
# Finished jobs stay visible to squeue this long (Snakemake's SLURM executor polls squeue here)
MinJobAge=300
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=$PARTITION Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

munge_works() { munge -n 2>/dev/null | unmunge >/dev/null 2>&1; }

start_munge() {
    if munge_works; then
        return 0
    fi
    say "starting munged"
    install -d -o munge -g munge -m 0755 /run/munge
    runuser -u munge -- munged --pid-file="$MUNGE_PID"
    echo munged >>"$RUN/started"
    for _ in $(seq 1 50); do munge_works && return 0; sleep 0.1; done
    die "munged does not answer; see /var/log/munge/munged.log"
}

node_state() { timeout 10 sinfo -h -N -p "$PARTITION" -o %t 2>/dev/null | head -n 1; }

wait_for_node() {
    local state=""
    for _ in $(seq 1 60); do
        state=$(node_state || true)
        case $state in
            idle|mix|alloc|comp) say "node is up ($state) in partition '$PARTITION'"; return 0 ;;
        esac
        sleep 0.5
    done
    say "the node is not up after 30 s (state: '${state:-no answer}'); the daemons' logs:"
    tail -n 20 "$LOGDIR/slurmctld.log" "$LOGDIR/slurmd.log" >&2 || true
    return 1
}

up() {
    need_root up
    install_packages
    if [[ -e $CONF ]] && ! grep -qxF "$MARK" "$CONF"; then
        die "$CONF exists and was not written by this script: refusing to replace a real cluster's configuration"
    fi
    install -d -m 0755 "$RUN"
    install -d -o slurm -g slurm -m 0755 "$STATE" "$STATE/slurmctld" "$LOGDIR"
    install -d -m 0755 "$STATE/slurmd"
    local new
    new=$(write_config)
    if live_pid "$RUN/slurmctld.pid" slurmctld >/dev/null && live_pid "$RUN/slurmd.pid" slurmd >/dev/null; then
        if [[ $new == "$(cat "$CONF")" ]] && munge_works; then
            say "already running"
            wait_for_node
            return
        fi
        say "the configuration changed: restarting"
        stop_by_pidfile "$RUN/slurmd.pid" slurmd
        stop_by_pidfile "$RUN/slurmctld.pid" slurmctld
    fi
    install -d -m 0755 /etc/slurm
    printf '%s\n' "$new" >"$CONF"
    start_munge
    # A daemon left from an earlier `up` whose partner died: stop it, then start both afresh.
    stop_by_pidfile "$RUN/slurmd.pid" slurmd
    stop_by_pidfile "$RUN/slurmctld.pid" slurmctld
    say "starting slurmctld and slurmd"
    slurmctld -c          # clean start: no jobs recovered from an earlier cluster
    slurmd
    wait_for_node
}

down() {
    need_root down
    stop_by_pidfile "$RUN/slurmd.pid" slurmd
    stop_by_pidfile "$RUN/slurmctld.pid" slurmctld
    if [[ -f $RUN/started ]] && grep -qx munged "$RUN/started"; then
        stop_by_pidfile "$MUNGE_PID" munged
    fi
    rm -f "$RUN/started"
    say "stopped"
}

status() {
    command -v sinfo >/dev/null || die "SLURM is not installed (sudo $0 up installs it)"
    timeout 10 sinfo -N -l
}

case ${1:-} in
    up) up ;;
    down) down ;;
    status) status ;;
    *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
