import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc (USER_HZ, 100 on Linux). */
const TICKS_PER_SEC = 100;

/** CPU time (ms) a process has used, user + system, or null where /proc is not available. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SEC;
  } catch {
    return null;
  }
}

/** Busy CPU time (ms) of the whole machine, all cores, or null where /proc is not available. */
export function machineBusyMs(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const [, ...values] = line.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
    return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS_PER_SEC;
  } catch {
    return null;
  }
}
