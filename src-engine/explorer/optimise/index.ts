/** The table optimiser (issue 12, item 3): model, solver adapter, diagnosis and checks. */
export * from './types';
export * from './request';
export * from './lp';
export * from './verify';
export * from './diagnose';
export * from './optimise';
export * from './highs-adapter';
