import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * Where the machine's CPU went during a phase of a benchmark, read from /proc (Linux): the whole machine, the
 * process serving a port, the PostgreSQL backends of a database, and this process. On a shared machine it tells
 * a slow app from a starved one. Figures are in cores (1.0 = one core busy for the whole phase).
 */
const ticksPerSecond = 100;

function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3] + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** CPU ticks the process has used, or null when it is gone. */
function processTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** The process that listens on the port (ss from iproute2), or null. */
export function listeningPid(port: number): number | null {
  const listed = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const match = /pid=(\d+)/.exec(listed.stdout ?? '');
  return match ? Number(match[1]) : null;
}

export async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

export interface CpuWatch {
  /** One line: cores used by the machine, the app, its database backends, this bench and the rest. */
  stop(): Promise<string>;
}

const ticksOf = (pids: number[]) => new Map(pids.map((pid) => [pid, processTicks(pid)]));

/**
 * Backends the pool opens during the phase count from their start; those it closes during the phase are missed,
 * so the database figure is a lower bound.
 */
export async function watchCpu(appPid: number | null, databaseUrl: string): Promise<CpuWatch> {
  const startedAt = performance.now();
  const machine = machineTicks();
  const app = appPid ? (processTicks(appPid) ?? 0) : 0;
  const database = ticksOf(await backendPids(databaseUrl));
  const own = process.cpuUsage();
  return {
    async stop() {
      const seconds = (performance.now() - startedAt) / 1000;
      const machineNow = machineTicks();
      const databaseNow = ticksOf(await backendPids(databaseUrl));
      const cores = (ticks: number) => ticks / ticksPerSecond / seconds;
      const coresAvailable = (machineNow.total - machine.total) / ticksPerSecond / seconds;
      const machineCores = cores(machineNow.busy - machine.busy);
      const appCores = appPid ? cores((processTicks(appPid) ?? app) - app) : Number.NaN;
      let databaseTicks = 0;
      for (const [pid, ticks] of databaseNow) databaseTicks += (ticks ?? 0) - (database.get(pid) ?? 0);
      const databaseCores = cores(databaseTicks);
      const ownUsage = process.cpuUsage(own);
      const benchCores = (ownUsage.user + ownUsage.system) / 1e6 / seconds;
      const rest = machineCores - (appPid ? appCores : 0) - databaseCores - benchCores;
      const fixed = (value: number) => value.toFixed(2);
      return (
        `CPU in cores: machine ${fixed(machineCores)} of ${fixed(coresAvailable)}; app ${fixed(appCores)}, its PostgreSQL backends ` +
        `${fixed(databaseCores)}, this bench ${fixed(benchCores)}, everything else ${fixed(rest)}`
      );
    },
  };
}
