export { solve, solveAsync } from './solver';
export type {
  FixedJob,
  Job,
  Objective,
  ScheduledVisit,
  SolveInput,
  SolveResult,
  SolveStats,
  TimeWindow,
  UnassignedJob,
  UnassignedReason,
  Worker,
  WorkerRoute,
} from './types';
