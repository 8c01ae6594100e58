/** One stage of the manual edge-AI delivery workflow and its share of total engineering effort. */
export type EffortStage = { stage: string; detail: string; percent: number };

/**
 * Where engineering effort goes when a Python ML pipeline is taken to edge hardware by hand
 * (15/10/15/30/30). Shares add up to 100.
 */
export const effortSplit: readonly EffortStage[] = [
  { stage: 'Model development', detail: 'Training and validating the model in Python', percent: 15 },
  {
    stage: 'Conversion and export',
    detail: 'Exporting to ONNX or TFLite and fixing unsupported operators',
    percent: 10,
  },
  {
    stage: 'Optimisation and quantisation',
    detail: 'Choosing FP16, INT8 or lower precision and recovering accuracy',
    percent: 15,
  },
  {
    stage: 'Pipeline integration',
    detail: 'Decode, pre-processing, inference and post-processing on the target',
    percent: 30,
  },
  { stage: 'Validation and deployment', detail: 'Profiling, on-device testing, packaging and rollout', percent: 30 },
];
