/** A source of the current time in epoch milliseconds; tests pass a fixed one. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
