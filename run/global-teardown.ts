/** Runs once after every test: removes the run's private folder (tokens, markers, locks). */
import { removeRunDirectory } from './state.ts';

export default function globalTeardown(): void {
  removeRunDirectory();
}
