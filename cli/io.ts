/** Where a command writes: its output and its errors (the console, or a test's capture). */
export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const CONSOLE_IO: CommandIo = { out: (l) => console.log(l), err: (l) => console.error(l) };
