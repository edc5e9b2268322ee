/**
 * The processes a test started, read from Linux's /proc (the tests run on Linux, locally and in
 * CI): which are in a process group.
 */
import { readdirSync, readFileSync } from "node:fs";

interface ProcessStat {
  pid: number;
  state: string;
  parent: number;
  group: number;
  command: string;
}

/** /proc/PID/stat: `pid (command) state ppid pgrp …`; undefined once the process is gone. */
function stat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const close = text.lastIndexOf(")");
  const [state = "", parent = "", group = ""] = text.slice(close + 2).split(" ");
  const command = text.slice(text.indexOf("(") + 1, close);
  return { pid, state, parent: Number(parent), group: Number(group), command };
}

/** The running processes of process group `group`, with their parents and command names. */
export function groupMembers(group: number): { pid: number; parent: number; command: string }[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => stat(Number(entry)))
    .filter((found): found is ProcessStat => found?.group === group && found.state !== "Z")
    .map(({ pid, parent, command }) => ({ pid, parent, command }));
}
