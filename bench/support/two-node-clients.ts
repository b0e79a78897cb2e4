import { type AskedQuestion, type Disconnect, ResumingVisitor } from "../../apps/server/test/resuming-visitor";

/**
 * The visitors' side of `bench/two-nodes.ts`, in a process of its own (real visitors are on other
 * machines): visitors that reconnect and carry on as the widget does (`ResumingVisitor`), all
 * through the load balancer. It says `connected` when every visitor is in, asks on `go`, and
 * answers with every question's record and every visitor's disconnects.
 */
export type TwoNodeClientsOrder = {
  url: string;
  widgetID: string;
  visitors: number;
  questionsPerVisitor: number;
  thinkMs: number;
  answerTimeoutMs: number;
  connectWave: number;
  questions: string[];
};

export type TwoNodeClientsResult = {
  questions: AskedQuestion[];
  disconnects: Disconnect[];
  clientRssMb: number;
};

/** Visitor n's address, as the CDN in front of the balancer would report it (decision 063). */
const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function run(order: TwoNodeClientsOrder): Promise<TwoNodeClientsResult> {
  const visitors: ResumingVisitor[] = [];
  for (let wave = 0; wave < order.visitors; wave += order.connectWave) {
    const size = Math.min(order.connectWave, order.visitors - wave);
    visitors.push(
      ...(await Promise.all(
        Array.from({ length: size }, (_, index) =>
          ResumingVisitor.connect(order.url, order.widgetID, visitorAddress(wave + index + 1)),
        ),
      )),
    );
  }
  process.send?.("connected");
  await new Promise((resolve) => process.once("message", resolve));

  await Promise.all(
    visitors.map(async (visitor, index) => {
      for (let turn = 0; turn < order.questionsPerVisitor; turn++) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * order.thinkMs));
        await visitor.ask(order.questions[(index + turn) % order.questions.length]!, order.answerTimeoutMs);
      }
    }),
  );
  const clientRssMb = process.memoryUsage().rss / 1024 / 1024;
  for (const visitor of visitors) visitor.close();
  return {
    questions: visitors.flatMap((visitor) => visitor.questions),
    disconnects: visitors.flatMap((visitor) => visitor.disconnects),
    clientRssMb,
  };
}

process.once("message", (order: TwoNodeClientsOrder) => {
  run(order).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
