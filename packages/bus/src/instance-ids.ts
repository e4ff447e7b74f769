import { hostname } from 'node:os';

/**
 * Names for the per-instance consumer groups of a process (a request/reply client must see every
 * reply, so each client has a group of its own), stable across restarts: `<host>-<pid>`, then
 * `<host>-<pid>-2`… for later clients of the same process. In a container the host is the pod's (or
 * container's) name and the pid is 1 whatever the restart, so a restarted process rejoins its group
 * instead of leaving a dead group behind and a new lag series per restart, as a random name did. Live
 * processes never share a name: pods differ by host, processes on one host by pid.
 */
export class InstanceIds {
  private issued = 0;

  constructor(
    private readonly host: string = hostname(),
    private readonly pid: number = process.pid,
  ) {}

  next(): string {
    this.issued += 1;
    const base = `${this.host}-${this.pid}`;
    return this.issued === 1 ? base : `${base}-${this.issued}`;
  }
}

/** The instance names of this process. */
export const processInstanceIds = new InstanceIds();
