/**
 * Public input and output of the auto-schedule routing engine.
 *
 * Times are plain numbers in one unit chosen by the caller (seconds of the day in the app, Solomon time units in the
 * benchmark); the travel-time matrix must use the same unit. Locations are indices into the matrices.
 */

/** A closed interval [start, end]. */
export interface TimeWindow {
  start: number;
  end: number;
}

export interface Job {
  id: string;
  location: number;
  /** Service time spent at the location. */
  duration: number;
  /**
   * Windows in which service may START (the API layer turns a slot into [slotStart, slotEnd - duration]).
   * Empty or absent: any time inside the worker's shifts.
   */
  timeWindows?: TimeWindow[];
  /** Skills a worker must all have. */
  skills?: string[];
  /** When present, only these worker ids may take the job (the zone filter). */
  allowedWorkers?: string[];
  /** Amount per capacity dimension consumed by the job; missing dimensions count as zero. */
  demand?: number[];
  /** Higher is more important; unserved jobs weigh 1 + priority in the served-first part of the objective. */
  priority?: number;
}

/** A job already booked on a worker: it keeps its worker and start time, other jobs are placed around it. */
export interface FixedJob {
  id: string;
  location: number;
  start: number;
  duration: number;
  demand?: number[];
}

export interface Worker {
  id: string;
  startLocation: number;
  endLocation: number;
  /**
   * Working windows of the day (split shifts). Every service must lie entirely inside one window; travelling between
   * windows is allowed. The route leaves no earlier than the first window opens and is back by the time the last one
   * closes.
   */
  shifts: TimeWindow[];
  skills?: string[];
  /** Limit per capacity dimension; missing dimensions are unlimited. */
  capacity?: number[];
  fixedJobs?: FixedJob[];
}

export type Objective = 'duration' | 'distance';

export interface SolveInput {
  jobs: Job[];
  workers: Worker[];
  /** Square matrix, durations[from][to], in the time unit. */
  durations: number[][];
  /** Square matrix, distances[from][to]; required when the objective is distance. */
  distances?: number[][];
  /** Secondary objective after the number (weight) of served jobs. Default duration. */
  objective?: Objective;
  /** Wall-clock budget of the search in milliseconds. Default 1000. */
  timeLimitMs?: number;
  /** Same seed and same input give the same answer when the time limit is not what stops the search. */
  seed?: number;
  /** Optional cap on search iterations, mostly for reproducible tests. */
  maxIterations?: number;
}

export type UnassignedReason =
  | 'NO_WORKER_WITH_SKILLS'
  | 'OUTSIDE_ALLOWED_WORKERS'
  | 'NO_FREE_TIME_IN_WINDOW'
  | 'NO_ROOM_LEFT';

export interface ScheduledVisit {
  jobId: string;
  fixed: boolean;
  location: number;
  arrival: number;
  start: number;
  end: number;
}

export interface WorkerRoute {
  workerId: string;
  departure: number;
  returnTime: number;
  visits: ScheduledVisit[];
  travelDuration: number;
  travelDistance: number;
  load: number[];
}

export interface UnassignedJob {
  jobId: string;
  reason: UnassignedReason;
}

export interface SolveStats {
  iterations: number;
  elapsedMs: number;
  stoppedByTimeLimit: boolean;
}

export interface SolveResult {
  /** One route per worker that has at least one visit (fixed or new), in the order of the input workers. */
  routes: WorkerRoute[];
  unassigned: UnassignedJob[];
  servedCount: number;
  totalDuration: number;
  totalDistance: number;
  stats: SolveStats;
}
