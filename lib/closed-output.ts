/**
 * A reader that stops early (`--plan | head`, `factory --count 1000 | head -3`) closes the pipe, and the
 * command's next write fails with EPIPE, which Node.js raises as an unhandled error with a stack trace.
 * The rest of the output is simply not wanted any more: the command ends there, quietly, with the exit
 * code it had so far, as command-line tools do.
 */
export function endQuietlyWhenOutputCloses(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
