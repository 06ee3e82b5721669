#!/usr/bin/env node
// Runs after tsc (npm run build): writes dist/early-answers.json, what the real server answers to each
// opening that stdio may answer before its SDK is loaded (transports/early-capture.ts, early-stdin.ts).
import { writeFileSync } from 'node:fs';
import { captureEarlyAnswers } from '../dist/transports/early-capture.js';

const answers = await captureEarlyAnswers();
writeFileSync(new URL('../dist/early-answers.json', import.meta.url), JSON.stringify(answers, null, 2) + '\n');
console.log(`stdio: early answers (initialize ${Object.keys(answers.initialize).join(', ')}; discover ${Object.keys(answers.discover).join(', ')})`);
