/**
 * A load that may come with another backend call of the same operation (issue 30: every backend call pays its own
 * sign-in check, so the patient screen's viewer and questionnaires come with its patient context). Wanted, it waits
 * one turn of the event loop, in which the operation's other loads go out; a call sent in that turn may take it along
 * (`board`). Without one, or when that call does not bring it back, `load` reads it by its own call.
 */
export type RideAlong<T> = {
  /** Takes a ride if a call goes out in this turn, without calling by itself (for a load that may not be needed). */
  want: () => void;
  load: () => Promise<T>;
  /** For a call about to be sent: carry this load? Its `settle` must then be called once, with the value or undefined. */
  board: () => ((value: T | undefined) => void) | undefined;
};

export function rideAlong<T>(ownCall: () => Promise<T>): RideAlong<T> {
  let open = false;
  let turn: Promise<void> | undefined;
  let boarded = false;
  let settle: (value: T | undefined) => void = () => undefined;
  const carried = new Promise<T | undefined>((resolve) => {
    settle = resolve;
  });
  let pending: Promise<T> | undefined;
  const want = () => (turn ??= ((open = true), new Promise<void>((resolve) => setImmediate(resolve)).then(() => void (open = false))));
  return {
    want: () => void want(),
    load: () =>
      (pending ??= (async () => {
        await want();
        return (boarded ? await carried : undefined) ?? ownCall();
      })()),
    board: () => {
      if (!open || boarded) return undefined;
      boarded = true;
      return settle;
    },
  };
}

/** The riders that boarded a call, by the part of its answer that brings each. */
export type Boarding<Values extends Record<string, unknown>> = {
  parts: (keyof Values & string)[];
  /** Settles each boarded rider from the answer's parts (a missing or null part: its own call). */
  settle: (answered: { [Part in keyof Values]?: Values[Part] | null } | null | undefined) => void;
};

/** Boards every rider that can ride on the call about to be sent. */
export function boardAll<Values extends Record<string, unknown>>(riders: {
  [Part in keyof Values]: RideAlong<Values[Part]>;
}): Boarding<Values> {
  const parts = (Object.keys(riders) as (keyof Values & string)[]).flatMap((part) => {
    const settle = riders[part].board();
    return settle ? [{ part, settle }] : [];
  });
  return {
    parts: parts.map(({ part }) => part),
    settle: (answered) => {
      for (const { part, settle } of parts) settle(answered?.[part] ?? undefined);
    },
  };
}
