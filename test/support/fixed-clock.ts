import { Clock } from '../../src/application/shared/clock';

export class FixedClock extends Clock {
  constructor(private readonly at: Date) {
    super();
  }
  now(): Date {
    return new Date(this.at);
  }
}
