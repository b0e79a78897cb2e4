/** Turns texts into vectors of `dimensions` numbers; every provider (local or remote) implements it. */
export type Embedder = {
  /** Stored beside each vector: vectors of different models are never compared. */
  model: string;
  dimensions: number;
  embed(texts: string[]): Promise<number[][]>;
};
