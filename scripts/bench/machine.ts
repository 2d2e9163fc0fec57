/** The machine a bench ran on, recorded beside its figures. */
import { cpus, loadavg, totalmem } from 'node:os';

export interface Machine {
  cores: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
  /** One-minute load average when the bench started: above the core count, other work skews every figure. */
  loadAverage: number;
}

export const BUSY_MACHINE_WARNING =
  'the machine was busy with other work when the bench started (load average above the core count); figures are skewed, rerun on an idle machine';

export function isBusy(machine: Machine): boolean {
  return machine.loadAverage > machine.cores;
}

export function describeMachine(): Machine {
  const cores = cpus();
  return {
    cores: cores.length,
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: Math.round(loadavg()[0]! * 100) / 100,
  };
}
