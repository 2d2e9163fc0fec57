/** The machine a bench ran on, recorded beside its figures. */
import { cpus, totalmem } from 'node:os';

export interface Machine {
  cores: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
}

export function describeMachine(): Machine {
  const cores = cpus();
  return {
    cores: cores.length,
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}
