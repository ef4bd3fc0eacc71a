// Requests enter Next a few per turn of the event loop. Starting one runs a stretch of Next's
// synchronous work (routing, the proxy, the first steps of its page or route): two hundred arriving
// together (one person's script asking for two hundred files) would all start in one turn, and for
// those seconds no other connection is read, the probes' included. Paced, each turn starts a few and
// then reads what else has come. Probes and built assets, cheap and touching nothing, go straight in.

/** Requests started per turn of the event loop, when more are waiting. */
export const STARTS_PER_TURN = 4;

/** Whether a request goes straight in: the probes (a balancer must hear from them) and built assets. */
export function skipsTheLine(pathname) {
  return pathname.startsWith("/api/health/") || pathname.startsWith("/_next/static/");
}

/** A line of requests waiting to start, `perTurn` of them started in each turn of the event loop. */
export function createPace(perTurn = STARTS_PER_TURN) {
  const waiting = [];
  let startedThisTurn = 0;
  let turnAhead = false;

  function start(run) {
    startedThisTurn += 1;
    if (!turnAhead) {
      turnAhead = true;
      setImmediate(nextTurn);
    }
    run();
  }

  function nextTurn() {
    turnAhead = false;
    startedThisTurn = 0;
    while (startedThisTurn < perTurn && waiting.length > 0) start(waiting.shift());
  }

  return {
    /** Starts `run` now if this turn has room and nobody is waiting, else in a later turn, in order. */
    enter(run) {
      if (startedThisTurn < perTurn && waiting.length === 0) start(run);
      else waiting.push(run);
    },
    get waiting() {
      return waiting.length;
    },
  };
}
