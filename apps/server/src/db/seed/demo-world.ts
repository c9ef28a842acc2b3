import type { Db } from '../client.js';
export interface DemoWorldResult {
  loaded: boolean;
  creators: number;
  videos: number;
  ms: number;
}
/** TEMPORARY (being written by the data work). */
export async function seedDemoWorld(db: Db, options: { scale: number; seed: number; log: (l: string) => void }): Promise<DemoWorldResult> {
  void db;
  void options;
  return { loaded: false, creators: 0, videos: 0, ms: 0 };
}
