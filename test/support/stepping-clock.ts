import { Clock } from '../../src/application/shared/clock';

/** A clock that stands still until a test moves it on. */
export class SteppingClock extends Clock {
  private at: number;

  constructor(start: Date = new Date()) {
    super();
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
