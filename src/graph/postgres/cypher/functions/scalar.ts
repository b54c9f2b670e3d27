import type { CstNode } from '../../../../cypher/parser';
import { positionOf } from '../../../../cypher/parser';
import type { Sql } from '../../sql';
import { and, join, or, raw, sql } from '../../sql';
import type { Expr, Translator } from '../context';
import { cypherError, raise, unsupported } from '../context';
import { elementListKind, json, nodeObject } from '../expression-values';
import { floatJson, isInt } from '../values';

export function scalarFunction(t: Translator, n: CstNode, fname: string, lower: string, args: Expr[]): Expr {
  const arity = (k: number) => {
    if (args.length !== k) throw cypherError(n, `${fname}() takes ${k} argument${k === 1 ? '' : 's'}`);
  };
  const one = () => {
    arity(1);
    return args[0];
  };
  switch (lower) {
    case 'rand':
      arity(0);
      // PostgreSQL's random(): a float in [0, 1), drawn per row as Neo4j draws it per evaluation.
      // (Once: floatJson would draw twice; a draw is never integral in practice.)
      return { sql: raw('to_jsonb(random())'), type: 'value' };
    case 'pi':
      arity(0);
      return { sql: floatJson(raw('pi()')), type: 'value' };
    case 'id': {
      const a = one();
      if (a.type === 'nodeobj' || a.type === 'relobj') return { sql: sql`to_jsonb((${a.sql} ->> 'id')::bigint)`, type: 'value' };
      if (a.type !== 'node' && a.type !== 'rel') throw unsupported(n, 'id() of a value that is not a node or relationship variable');
      return { sql: sql`to_jsonb(${a.sql})`, type: 'value' };
    }
    case 'labels': {
      const a = one();
      if (a.type === 'nodeobj') return { sql: sql`(${a.sql} -> 'labels')`, type: 'value' };
      if (a.type !== 'node') throw unsupported(n, 'labels() of a value that is not a node variable');
      const alias = a.element!.alias!();
      return { sql: sql`(case when ${a.sql} is null then null else to_jsonb(${t.scope.nodeLabels(alias)}) end)`, type: 'value' };
    }
    case 'type': {
      const a = one();
      if (a.type === 'relobj') return { sql: sql`(${a.sql} -> 'type')`, type: 'value' };
      if (a.type !== 'rel') throw unsupported(n, 'type() of a value that is not a relationship variable');
      if (t.deletedTypes) {
        // After a DELETE, the type of a relationship the query deleted is still known (Neo4j 3.5
        // answers it, TCK Return2 [14]), without the join that makes reading a deleted one an error.
        const x = t.fresh('h');
        return {
          sql: sql`coalesce((select to_jsonb(${raw(x)}.type) from graph_relationships ${raw(x)} where ${raw(x)}.id = ${a.sql}), ${t.deletedTypes}::jsonb -> (${a.sql})::text)`,
          type: 'value',
        };
      }
      return { sql: sql`to_jsonb(${raw(a.element!.alias!())}.type)`, type: 'value' };
    }
    case 'properties':
    case 'keys': {
      const a = one();
      let props: Sql;
      if (a.type === 'nodeobj' || a.type === 'relobj') {
        props = sql`(${a.sql} -> 'properties')`;
      } else if (a.type === 'node' || a.type === 'rel') {
        const alias = a.element!.alias!();
        props = sql`(case when ${a.sql} is null then null else ${a.type === 'node' ? t.scope.nodeProperties(alias) : t.scope.relationshipProperties(alias)} end)`;
      } else if (a.type === 'value') {
        props = sql`(case when jsonb_typeof(${a.sql}) = 'object' or ${a.sql} is null then ${a.sql} else ${raise('GCY02', `Type mismatch: ${fname}() expects a map, node or relationship (at ${positionOf(n)})`, 'jsonb')} end)`;
        if (lower === 'properties') throw unsupported(n, 'properties() of a map');
      } else throw unsupported(n, `${fname}() of a list`);
      if (lower === 'properties') return { sql: props, type: 'value' };
      return {
        sql: sql`(select case when ${props} is null then null else coalesce(jsonb_agg(gas_k), '[]'::jsonb) end from jsonb_object_keys(${props}) gas_k)`,
        type: 'value',
      };
    }
    case 'tolower':
    case 'toupper': {
      const a = one();
      if (a.type !== 'value') throw cypherError(n, `Type mismatch: ${fname}() expects a string`);
      const str = sql`(${a.sql} #>> '{}')`;
      const f = raw(lower === 'tolower' ? 'lower' : 'upper');
      return {
        sql: sql`(case when ${a.sql} is null then null
          when jsonb_typeof(${a.sql}) <> 'string' then ${raise('GCY02', `Type mismatch: ${fname}() expects a string (at ${positionOf(n)})`, 'jsonb')}
          when ${str} !~ '^[\\x01-\\x7f]*$' then ${raise('GCY01', `${fname}() of text beyond ASCII (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')}
          else to_jsonb(${f}(${str})) end)`,
        type: 'value',
      };
    }
    case 'size': {
      const a = one();
      if (a.type === 'pattern') return { sql: sql`to_jsonb(${a.count!})`, type: 'value' };
      if (a.type === 'nodes' || a.type === 'rels') return { sql: sql`to_jsonb(jsonb_array_length(${a.sql}))`, type: 'value' };
      if (a.type !== 'value') throw cypherError(n, 'Type mismatch: size() expects a string or a list');
      const str = sql`(${a.sql} #>> '{}')`;
      return {
        sql: sql`(case when ${a.sql} is null then null
          when jsonb_typeof(${a.sql}) = 'array' then to_jsonb(jsonb_array_length(${a.sql}))
          when jsonb_typeof(${a.sql}) = 'string' then to_jsonb(char_length(${str}) + char_length(regexp_replace(${str}, '[^\\U00010000-\\U0010FFFF]', '', 'g')))
          else ${raise('GCY02', `Type mismatch: size() expects a string or a list (at ${positionOf(n)})`, 'jsonb')} end)`,
        type: 'value',
      };
    }
    case 'startnode':
    case 'endnode': {
      const a = one();
      const end = raw(lower === 'startnode' ? 'start_id' : 'end_id');
      const x = t.fresh('x');
      let id: Sql;
      if (a.type === 'rel') id = sql`${raw(a.element!.alias!())}.${end}`;
      else if (a.type === 'relobj') id = sql`(${a.sql} ->> ${lower === 'startnode' ? 'startNodeId' : 'endNodeId'}::text)::bigint`;
      else throw unsupported(n, `${fname}() of a value that is not a relationship`);
      // The ends of a visible relationship are visible (its rule includes them).
      return { sql: sql`(select ${nodeObject(t, x)} from graph_nodes ${raw(x)} where ${raw(x)}.id = ${id})`, type: 'nodeobj' };
    }
    case 'nodes':
    case 'relationships':
    case 'length': {
      const a = one();
      if (a.type === 'value' && a.constant?.value === null) return { sql: raw('null::jsonb'), type: 'value', constant: { value: null } };
      if (a.type !== 'path') throw unsupported(n, `${fname}() of a value that is not a path variable`);
      if (lower === 'nodes') return { sql: sql`(${a.sql} -> 'nodes')`, type: 'nodes' };
      if (lower === 'relationships') return { sql: sql`(${a.sql} -> 'relationships')`, type: 'rels' };
      return { sql: sql`to_jsonb(jsonb_array_length(${a.sql} -> 'relationships'))`, type: 'value' };
    }
    case 'abs':
    case 'sign':
    case 'floor':
    case 'ceil':
    case 'round':
    case 'sqrt': {
      const a = one();
      if (a.type !== 'value') throw cypherError(n, `Type mismatch: ${fname}() expects a number`);
      const v = a.sql;
      const f = sql`(${v})::text::float8`;
      const notNumber = raise('GCY02', `Type mismatch: ${fname}() expects a number (at ${positionOf(n)})`, 'jsonb');
      let body: Sql;
      if (lower === 'abs')
        body = sql`case when ${isInt(v)} then (case when (${v})::text::numeric = -9223372036854775808 then ${raise('GCY02', `integer overflow (at ${positionOf(n)})`, 'jsonb')} else to_jsonb(abs((${v})::text::numeric)) end) else ${floatJson(sql`abs(${f})`)} end`;
      else if (lower === 'sign') body = sql`to_jsonb(sign((${v})::text::numeric)::int)`;
      else if (lower === 'floor') body = floatJson(sql`floor(${f})`);
      else if (lower === 'ceil') body = floatJson(sql`ceil(${f})`);
      // Java's Math.round: halves go up (-2.5 → -2), everything else to the nearest.
      else if (lower === 'round') body = floatJson(sql`(case when ${f} - floor(${f}) = 0.5 then floor(${f}) + 1 else round(${f}) end)`);
      else
        body = sql`case when ${f} < 0 then ${raise('GCY01', `sqrt() of a negative number (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')} else ${floatJson(sql`sqrt(${f})`)} end`;
      return {
        sql: sql`(case when ${v} is null then null when jsonb_typeof(${v}) <> 'number' then ${notNumber} else ${body} end)`,
        type: 'value',
      };
    }
    case 'head':
    case 'last':
    case 'tail':
    case 'reverse': {
      const a = one();
      // A list of nodes or relationships (nodes(p), a variable-length relationship, collect(n)) is a
      // jsonb array of their objects: head() and last() give one, tail() and reverse() such a list.
      const elements = a.type === 'nodes' || a.type === 'rels';
      if (a.type !== 'value' && !elements) throw unsupported(n, `${fname}() of a path`);
      const v = a.sql;
      let body: Sql;
      if (lower === 'head') body = sql`nullif(${v} -> 0, 'null'::jsonb)`;
      else if (lower === 'last') body = sql`nullif(${v} -> -1, 'null'::jsonb)`;
      else if (lower === 'tail') body = sql`(${v} - 0)`;
      else
        body = sql`(select coalesce(jsonb_agg(gas_r.e order by gas_r.o desc), '[]'::jsonb) from jsonb_array_elements(${v}) with ordinality gas_r(e, o))`;
      const text = lower === 'reverse' ? sql`when jsonb_typeof(${v}) = 'string' then to_jsonb(reverse(${v} #>> '{}'))` : raw('');
      return {
        sql: sql`(case when ${v} is null then null when jsonb_typeof(${v}) = 'array' then ${body} ${text} else ${raise('GCY02', `Type mismatch: ${fname}() expects a list (at ${positionOf(n)})`, 'jsonb')} end)`,
        type: !elements ? 'value' : lower === 'tail' || lower === 'reverse' ? a.type : a.type === 'nodes' ? 'nodeobj' : 'relobj',
        nestedNull: a.nestedNull,
      };
    }
    case 'range': {
      if (args.length !== 2 && args.length !== 3) throw cypherError(n, 'range() takes two or three arguments');
      if (args.some((a) => a.type !== 'value')) throw cypherError(n, 'Type mismatch: range() expects integers');
      const [from, to, step] = args.map((a) => a.sql);
      const stepSql = step ?? raw(`'1'::jsonb`);
      const ints = and(args.map((a) => isInt(a.sql)));
      return {
        sql: sql`(case when not coalesce(${ints}, false) then ${raise('GCY02', `Type mismatch: range() expects integers (at ${positionOf(n)})`, 'jsonb')}
          when (${stepSql})::text::bigint = 0 then ${raise('GCY02', `range() with a step of 0 (at ${positionOf(n)})`, 'jsonb')}
          else (select coalesce(jsonb_agg(gas_g order by gas_o), '[]'::jsonb) from generate_series((${from})::text::bigint, (${to})::text::bigint, (${stepSql})::text::bigint) with ordinality gas_s(gas_g, gas_o)) end)`,
        type: 'value',
      };
    }
    case 'substring':
    case 'left':
    case 'right': {
      if (lower === 'substring' ? args.length !== 2 && args.length !== 3 : args.length !== 2)
        throw cypherError(n, `${fname}() takes ${lower === 'substring' ? 'two or three' : 'two'} arguments`);
      if (args.some((a) => a.type !== 'value')) throw cypherError(n, `Type mismatch: ${fname}() expects a string and integers`);
      const [text, ...numbers] = args.map((a) => a.sql);
      const str = sql`(${text} #>> '{}')`;
      const ints = and(numbers.map((x) => isInt(x)));
      const num = (x: Sql) => sql`(${x})::text::bigint`;
      // Java indexes UTF-16 code units: only text without characters beyond the BMP; a negative
      // start or length fails on Neo4j.
      let body: Sql;
      if (lower === 'substring') {
        body =
          numbers.length === 1
            ? sql`to_jsonb(substr(${str}, (${num(numbers[0])} + 1)::int))`
            : sql`to_jsonb(substr(${str}, (${num(numbers[0])} + 1)::int, ${num(numbers[1])}::int))`;
      } else body = sql`to_jsonb(${raw(lower)}(${str}, ${num(numbers[0])}::int))`;
      return {
        sql: sql`(case when ${text} is null then null
          when jsonb_typeof(${text}) <> 'string' or not coalesce(${ints}, false) then ${raise('GCY02', `Type mismatch: ${fname}() expects a string and integers (at ${positionOf(n)})`, 'jsonb')}
          when ${or(numbers.map((x) => sql`${num(x)} < 0 or ${num(x)} > 2147483646`))} then ${raise('GCY02', `${fname}() with a negative or too large number (at ${positionOf(n)})`, 'jsonb')}
          when ${str} ~ '[\\U00010000-\\U0010FFFF]' then ${raise('GCY01', `${fname}() of text with characters beyond the BMP (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')}
          else ${body} end)`,
        type: 'value',
      };
    }
    case 'replace':
    case 'split':
    case 'trim':
    case 'ltrim':
    case 'rtrim':
    case 'toboolean': {
      const expected = lower === 'replace' ? 3 : lower === 'split' ? 2 : 1;
      arity(expected);
      if (args.some((a) => a.type !== 'value' && !(lower === 'toboolean' && a.type === 'bool')))
        throw cypherError(n, `Type mismatch: ${fname}() expects strings`);
      if (lower === 'toboolean' && args[0].type === 'bool') return args[0];
      const texts = args.map((a) => sql`(${a.sql} #>> '{}')`);
      const nulls = or(args.map((a) => sql`${a.sql} is null`));
      // toBoolean() of a boolean is that boolean (`UNWIND [true, false] AS b RETURN toBoolean(b)`).
      const strings = and(
        args.map((a) =>
          lower === 'toboolean' ? sql`jsonb_typeof(${a.sql}) in ('string', 'boolean')` : sql`jsonb_typeof(${a.sql}) = 'string'`,
        ),
      );
      const refuse = (why: string) =>
        raise('GCY01', `${fname}() ${why} (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb');
      // Only ASCII text without control characters other than \t \n \v \f \r: there the
      // whitespace of Neo4j's trim functions is exactly these and the space.
      const plain = (str: Sql) => sql`${str} ~ '^[\x09-\x0d\x20-\x7e]*$'`;
      let body: Sql;
      switch (lower) {
        case 'replace':
          body = sql`case when ${texts[1]} = '' then ${refuse('with an empty search text')} else to_jsonb(replace(${texts[0]}, ${texts[1]}, ${texts[2]})) end`;
          break;
        case 'split':
          body = sql`case when ${texts[0]} = '' then ${refuse('of an empty text')} when ${texts[1]} = '' then to_jsonb(regexp_split_to_array(${texts[0]}, '')) else to_jsonb(string_to_array(${texts[0]}, ${texts[1]})) end`;
          break;
        case 'toboolean':
          body = sql`case when jsonb_typeof(${args[0].sql}) = 'boolean' then ${args[0].sql} when not ${plain(texts[0])} then ${refuse('of text beyond ASCII')} when lower(btrim(${texts[0]}, E' \t\n\x0b\f\r')) = 'true' then 'true'::jsonb when lower(btrim(${texts[0]}, E' \t\n\x0b\f\r')) = 'false' then 'false'::jsonb end`;
          break;
        default: {
          const f = raw(lower === 'trim' ? 'btrim' : lower);
          body = sql`case when not ${plain(texts[0])} then ${refuse('of text beyond ASCII or with control characters')} else to_jsonb(${f}(${texts[0]}, E' \t\n\x0b\f\r')) end`;
        }
      }
      return {
        sql: sql`(case when ${nulls} then null when not (${strings}) then ${raise('GCY02', `Type mismatch: ${fname}() expects strings (at ${positionOf(n)})`, 'jsonb')} else ${body} end)`,
        type: 'value',
      };
    }
    case 'coalesce': {
      if (args.length === 0) throw cypherError(n, 'coalesce() needs at least one argument');
      // Of nodes (or of relationships) alone: the first one that is not null, as its object.
      const elements = elementListKind(args);
      if (elements)
        return {
          sql: sql`coalesce(${join(
            args.map((a) => json(t, a)),
            ', ',
          )})`,
          type: elements === 'nodes' ? 'nodeobj' : 'relobj',
          aggregate: args.some((a) => a.aggregate),
        };
      if (args.some((a) => a.type !== 'value' && a.type !== 'bool'))
        throw unsupported(n, 'coalesce() of nodes or relationships with other values');
      return {
        sql: sql`coalesce(${join(
          args.map((a) => json(t, a)),
          ', ',
        )})`,
        type: 'value',
        nestedNull: args.some((a) => a.nestedNull),
      };
    }
    case 'tostring': {
      const a = one();
      if (a.type === 'bool') return { sql: sql`to_jsonb((${a.sql})::text)`, type: 'value' };
      if (a.type !== 'value') throw unsupported(n, 'toString() of a node or relationship');
      const v = a.sql;
      return {
        sql: sql`(case when ${v} is null then null
          when jsonb_typeof(${v}) = 'string' then ${v}
          when jsonb_typeof(${v}) = 'boolean' then to_jsonb((${v})::text)
          when ${isInt(v)} then to_jsonb((${v})::text)
          else ${raise('GCY01', `toString() of this value (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')} end)`,
        type: 'value',
      };
    }
    case 'tointeger': {
      const a = one();
      if (a.type !== 'value') throw unsupported(n, 'toInteger() of this value');
      const v = a.sql;
      const str = sql`(${v} #>> '{}')`;
      return {
        sql: sql`(case when ${v} is null then null
          when ${isInt(v)} then ${v}
          when jsonb_typeof(${v}) = 'number' and abs((${v})::numeric) < 9223372036854775807 then to_jsonb(trunc((${v})::numeric))
          when jsonb_typeof(${v}) = 'string' and ${str} ~ '^-{0,1}[0-9]{1,18}$' then to_jsonb((${str})::numeric)
          when jsonb_typeof(${v}) = 'string' and ${str} !~ '[0-9]' and ${str} !~* '(nan|infinity)' then null
          else ${raise('GCY01', `toInteger() of this value (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')} end)`,
        type: 'value',
      };
    }
    case 'tofloat': {
      const a = one();
      if (a.type !== 'value') throw unsupported(n, 'toFloat() of this value');
      const v = a.sql;
      const str = sql`(${v} #>> '{}')`;
      return {
        sql: sql`(case when ${v} is null then null
          when jsonb_typeof(${v}) = 'number' then ${floatJson(sql`(${v})::float8`)}
          when jsonb_typeof(${v}) = 'string' and ${str} ~ '^-{0,1}[0-9]{1,15}(\\.[0-9]{1,15}){0,1}$' then ${floatJson(sql`(${str})::float8`)}
          when jsonb_typeof(${v}) = 'string' and ${str} !~ '[0-9]' and ${str} !~* '(nan|infinity)' then null
          else ${raise('GCY01', `toFloat() of this value (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')} end)`,
        type: 'value',
      };
    }
    default:
      if (!NEO4J_FUNCTIONS.has(lower)) throw cypherError(n, `Unknown function '${fname}'`);
      throw unsupported(n, `The function ${fname}()`);
  }
}

/** The functions of Neo4j 3.5 (without namespace): any other name is its UnknownFunction error. */
const NEO4J_FUNCTIONS = new Set(
  (
    'abs acos asin atan atan2 avg ceil coalesce collect cos cot count degrees distance e endnode exists exp floor haversin head id ' +
    'keys labels last left length log log10 ltrim max min nodes percentilecont percentiledisc pi point properties radians rand ' +
    'randomuuid range relationships replace reverse right round rtrim sign sin size split sqrt startnode stdev stdevp substring sum ' +
    'tail tan timestamp toboolean tofloat tointeger tolower tostring toupper trim type date datetime localdatetime localtime time duration'
  ).split(' '),
);
