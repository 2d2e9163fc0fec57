/**
 * Deleting a folder of hundreds of files written seconds before, on a thread of its own. On the Linux
 * machine (ext4) the suite's speed is measured on, such a deletion takes up to a second; done through
 * Node.js's thread pool (`fs.promises.rm`) it holds every other file read of the process up meanwhile
 * (the HTML report waited for it to read its template), and done synchronously it holds the whole
 * process. The thread starts without the command's own `--import` hooks (`execArgv: []`): it loads
 * nothing but `fs`.
 */
import { Worker } from 'node:worker_threads';

const REMOVE = `require('node:fs').rmSync(require('node:worker_threads').workerData, { recursive: true, force: true });`;

export function removeFolderAside(folder: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(REMOVE, { eval: true, workerData: folder, execArgv: [] });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`could not delete ${folder} (exit ${code})`)),
    );
  });
}
