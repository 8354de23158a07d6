// Decodes a gzip'd pprof file with Datadog's pprof-format (not myflame's protobuf classes) and
// prints, as JSON, what a reader of the file sees: the counts, the sample types, the period, and
// each sample's function names (leaf first), values and labels, every name looked up in the
// string table. PprofDecoderIT compares that with the folded stacks the file was made from.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Profile } from 'pprof-format';

const p = Profile.decode(gunzipSync(readFileSync(process.argv[2])));
const strings = p.stringTable.strings;
const str = (i) => strings[Number(i)];
const type = (t) => t && { type: str(t.type), unit: str(t.unit) };
const functions = new Map(p.function.map((f) => [String(f.id), str(f.name)]));
const lines = new Map(p.location.map((l) => [String(l.id), l.line.map((ln) => functions.get(String(ln.functionId)))]));
console.log(JSON.stringify({
  counts: {
    samples: p.sample.length,
    locations: p.location.length,
    functions: p.function.length,
    strings: strings.length,
    distinctStrings: new Set(strings).size,
  },
  firstString: strings[0],
  sampleTypes: p.sampleType.map(type),
  defaultSampleType: str(p.defaultSampleType),
  periodType: type(p.periodType),
  period: String(p.period),
  durationNanos: String(p.durationNanos),
  samples: p.sample.map((s) => ({
    stack: s.locationId.flatMap((id) => lines.get(String(id))),
    values: s.value.map(String),
    labels: Object.fromEntries(s.label.map((l) => [str(l.key), l.str ? str(l.str) : String(l.num)])),
  })),
}));
