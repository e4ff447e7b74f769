import type { Commit, QuarantinedCommit } from './event-store';

/** What a quarantine records of a commit: enough to list it without reading the commit back. */
export function quarantineOf(commit: Commit, reason: string, quarantinedAt: string): QuarantinedCommit {
  return {
    commitId: commit.commitId,
    streamId: commit.streamId,
    firstVersion: commit.events[0]?.version ?? 0,
    lastVersion: commit.events[commit.events.length - 1]?.version ?? 0,
    eventTypes: commit.events.map((event) => event.type),
    reason,
    quarantinedAt,
  };
}
