/** The table optimiser: model, solver adapter, diagnosis and checks. */
export * from './types';
export * from './request';
export * from './lp';
export * from './verify';
export * from './diagnose';
export * from './optimise';
export * from './highs-adapter';
