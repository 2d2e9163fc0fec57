/**
 * A reader that stops early (`--plan | head`, `factory --count 1000 | head -3`) closes the pipe, and the
 * command's next write fails with EPIPE, which Node.js raises as an unhandled error with a stack trace.
 * The rest of the output is simply not wanted any more: it is dropped, and the command goes on to its
 * end and its own exit code (a run still writes its reports and exits with its verdict).
 */
export function dropOutputOnceReaderLeaves(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
