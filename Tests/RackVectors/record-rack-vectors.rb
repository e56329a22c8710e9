#!/usr/bin/env ruby
# frozen_string_literal: true
#
# Records what real Rack's `Rack::Utils.parse_nested_query` makes of a few hundred forms, into
# the fixture the decoder's Rack-view tests read (Tests/URLEncodedFormTests/Fixtures/
# rack-2.2-parse-nested-query.json). Not part of the test run: CI has no Ruby. Rerun it only to
# change the cases; commit the fixture it writes, never Rack.
#
#   apt-get install ruby-rack          # Debian 12's Rack 2.2.22, Ruby 3.1
#   ruby Tests/RackVectors/record-rack-vectors.rb > Tests/URLEncodedFormTests/Fixtures/rack-2.2-parse-nested-query.json
#
# Three groups of forms:
# - "hand-picked": a case for every rule of the tree (repeated plain keys, `[]` arrays, nested
#   hashes, index hashes, arrays of hashes and when they start a new element, conflicts, deep
#   names) and of the flat level Rack shares with us (escapes, `+`, UTF-8, empty values, `==`,
#   empty pairs, brackets in values).
# - "generated": random forms from a generator seeded with SEED, so the fixture is the same on
#   every run: names from plausible bases and segments (keys, `[]`, now and then several in a
#   row, indices, nesting up to six segments, repeated names, shared prefixes), escaped in
#   varied ways, and varied values.
# - "quirks": hand-picked forms with `[]` directly followed by `[]` (`a[][]`, `a[][][x]`,
#   `a[][][]`), which Rack 2.2 reads its own way (arrays of arrays, `nil` elements, the rest of a
#   path after `[]` read from its first key). Our view reads them as Rack does, `nil` as `NSNull`.
#
# Every form stays where the README says our view and Rack's agree, and the script checks it
# (`outside_domain`) before recording: no `;`, no space right after `&`, no pair without `=`, no
# invalid escape or UTF-8, no name that is empty, starts with `[` or does not fit
# `base[segment]...` (base without brackets, segments without brackets, nothing after), no name
# deeper than 64 segments (but one hand-picked form deeper than Rack's own limit of 100), and no
# two segment texts in one form that are canonically equivalent Unicode but spelled apart (Rack
# keeps both keys, we report a conflict).
require "rack"
require "json"

# The committed fixture uses the defaults; a longer hunt for disagreements can draw more forms
# from another seed into a scratch file (RACK_VECTORS_SEED=0x1234 RACK_VECTORS_COUNT=20000) and
# swap it for the fixture in the built test bundle.
SEED = Integer(ENV.fetch("RACK_VECTORS_SEED", "0x5EED2026"))
GENERATED_COUNT = Integer(ENV.fetch("RACK_VECTORS_COUNT", "340"))
# Shared prefixes make conflicts common (about half of the forms drawn); a drawn form that Rack
# rejects is kept with this probability, so that most generated forms read.
KEEP_REJECTED = 0.3

def nested(base, segments)
  base + segments.map { |segment| "[#{segment}]" }.join
end

HAND_PICKED = [
  # A plain value replaces what was there.
  "a=1", "a=1&a=2", "a=1&a=2&a=3", "a[b]=1&a=2", "a[]=1&a=2", "a[][x]=1&a=2", "a[b][c]=1&a[b]=2",
  "a=1&b=2&c=3", "a[b]=1&a[b]=2", "a[b][c]=1&a[b][c]=2", "a[]=1&a[]=2&a=3&b=4",
  # `[]` appends, at any depth.
  "a[]=1&a[]=2", "a[]=1", "a[]=", "a[]=1&b=2&a[]=3", "x[y][]=1&x[y][]=2", "x[y][z][]=1&x[y][z][]=2&x[y][w]=3",
  "a[]=1&a[]=1&a[]=1", "a[b][]=1&a[c][]=2&a[b][]=3",
  # Keys make hashes.
  "a[b]=1&a[c]=2", "a[b][c]=1&a[b][d]=2&a[e]=3", "a[b]=1&c[d]=2&a[e]=3", "a[b][c][d][e]=1",
  "a[b][c][d][e][f][g][h]=1&a[b][c][d][e][f][g][i]=2",
  # Indices are hash keys, in any order, of any length.
  "a[0]=x&a[1]=y", "a[1]=y&a[0]=x&a[10]=z&a[2]=w", "a[0]=x&a[0]=y", "a[4294967295]=x",
  "a[99999999999999999999999]=x&a[0]=y", "a[01]=x&a[1]=y", "a[-1]=x&a[%2B1]=y&a[1e3]=z",
  "k[0][0]=a&k[0][1]=b&k[1][0]=c", "a[0][]=1&a[0][]=2&a[1][]=3", "0=a&1=b&10=c", "a[0][b]=1&a[0][c]=2&a[1][b]=3",
  # Arrays of hashes: a new element starts when the last one already has the key being set.
  "a[][x]=1&a[][y]=2&a[][x]=3", "a[][x]=1&a[][x]=2&a[][x]=3", "a[][x]=1&a[][y]=2",
  "a[][x][y]=1&a[][x][z]=2&a[][x][y]=3", "a[][x][y]=1&a[][x]=2", "a[][id]=1&a[][tags][]=x&a[][tags][]=y&a[][id]=2",
  "a[][x][]=1&a[][x][]=2", "a[][x][]=1&a[][y]=2&a[][x][]=3", "a[][x][y][]=1&a[][x][y][]=2", "a[][x][y][z]=1&a[][x][y][w]=2",
  "a[]=1&a[][x]=2", "a[][x]=1&a[]=2&a[][x]=3", "a[][x]=1&a[]=2&a[][y]=3", "a[][b][c]=1&a[][b][d]=2&a[][b][c]=3",
  "a[][b]=1&c=2&a[][b]=3", "a[][x]=1&b[][x]=2&a[][x]=3", "a[][x][0]=1&a[][x][1]=2&a[][x][0]=3",
  "items[][name]=pen&items[][price]=1&items[][name]=ink&items[][price]=2",
  "a[b][][c]=1&a[b][][d]=2&a[b][][c]=3",
  # Conflicts: a nested value under a leaf, an array where a hash is, a hash where an array is.
  "a=1&a[]=2", "a=2&a[b]=1", "a[x]=1&a[]=2", "a[b][]=1&a[b][c]=2", "a[]=1&a[b]=2", "x[a][b]=1&x[a][]=2",
  "a[b]=1&a[b][c]=2", "a[b][c]=1&a[b][]=2", "a[][x]=1&a[][x][y]=2", "a=1&a[][x]=2", "a[b]=1&a[][c]=2",
  "a[][x]=1&a[x]=2", "a[b][c]=1&a[b][c][d]=2", "a[b][c][d]=1&a[b][c][]=2", "a[0]=1&a[]=2", "a[]=1&a[0]=2",
  "a[b]=1&a[b][]=2", "x=1&y=2&x[z]=3", "a[][b]=1&a[][b][]=2",
  # The flat level: escapes, `+`, UTF-8, empty values, `=` in values, empty pairs.
  "a%5Bb%5D=1", "a%5B%5D=1&a%5B%5D=2", "a%5bb%5d=1", "items%5B0%5D%5Bid%5D=1&items%5B0%5D%5Bname%5D=n",
  "a%5B%5D%5Bx%5D=1&a%5B%5D%5Bx%5D=2", "a[b%5D=1", "a%5Bb]=1", "%61=1", "a[%62]=1",
  "a+b=c+d", "a=%2B", "a%2Bb=%2B%2B", "a=+", "a=++", "+=1", "a[+]=1", "a[%20]=1", "%C3%A9=%C3%A9", "%c3%a9=%c3%a9",
  "caf%C3%A9[cr%C3%A8me]=br%C3%BBl%C3%A9e", "名前=値", "a[東京]=%E6%9D%B1", "a=%F0%9F%98%80", "a=%EF%BB%BFx",
  "a=e%CC%81", "a=", "a==b", "a===", "a=b=c", "&&a=1&", "&a=1", "a=1&", "a=1&&b=2", "a=%5B%5D", "a=[x]", "a=]",
  "a=[", "a[b]=[c]", "a=%26b%3Dc", "a%3Db=c", "a%26b=c", "a=%00", "a=%0A%0D", "a=%25", "a%25=1", "a=~!*()'",
  "a=1 2", "a b=1", "a[b c]=1", "a[x+y]=1", "a[x%20y]=1", "a[b]=%20&a[c]=%00", "a.b=1", "a[b.c]=1", "a-b[c_d]=1",
  # Realistic forms.
  "user[name]=Ada&user[addresses][0][city]=London&user[addresses][1][city]=Paris&user[tags][]=x",
  "topics=a&topics=b&agree=on", "From=%2B15551234567&Body=Hi+there&NumMedia=0",
  "utf8=%E2%9C%93&_method=patch&post[title]=Hi&post[tag_ids][]=1&post[tag_ids][]=2&commit=Save",
  "grant_type=authorization_code&code=x%2Fy&redirect_uri=https%3A%2F%2Fexample.com%2Fcb%3Fa%3D1",
  "order[lines][][sku]=A1&order[lines][][qty]=2&order[lines][][sku]=B2&order[lines][][qty]=1&order[note]=",
  "q[name_cont]=ada&q[s]=created_at+desc&page=2&per_page=50",
  # Deep names: 40 and 64 segments read; beyond Rack's own depth limit (100), both refuse.
  nested("d", ["x"] * 40) + "=1", nested("d", (1..64).map(&:to_s)) + "=1",
  nested("d", ["x"] * 63) + "[]=1&" + nested("d", ["x"] * 63) + "[]=2",
  nested("d", ["x"] * 120) + "=1",
].freeze

QUIRKS = [
  "a[][]=1&a[][]=2", "a[][]=1", "a[][][]=1", "a[][][x]=1&a[][][y]=2", "a[][]=1&a[][x]=2",
  "a[b][][]=1&a[b][][]=2", "a[][x]=1&a[][][y]=2", "a[][]=1&a[][][x]=2", "a[][][x]=1&a[][][x]=2",
  "a[][][]=1&a[][][]=2", "a[][x][][]=1", "a[]=1&a[][]=2",
].freeze

# The generator's vocabulary. Every text is in Unicode's composed form and no two are
# canonically equivalent (checked again per form below).
BASES = ["a", "b", "user", "items", "tags", "k", "x_y", "q1", "Body", "é", "a b", "naïve", "東京", "x-y", "a.b",
         "0", "7", "From", "utf8", "_method", "k=v", "50%", "a&b", "~", "ü"].freeze
KEYS = ["name", "id", "0", "1", "2", "3", "10", "11", "01", "-1", "1e3", "x", "y", "z", "tags", "é", "a b", "東",
        "k=v", "a.b", "50%", "+", "price", "ÄÖ", "😀"].freeze
VALUES = ["1", "hello", "a+b", "%2B", "%C3%A9", "%c3%a9", "", "x%20y", "%5B%5D", "[x]", "]", "%26", "%3D", "=", "==x",
          "2.5", "-7", "on", "true", "null", "%E6%9D%B1", "%F0%9F%98%80", "%EF%BB%BFx", "%00", "%0A", "a%2Fb",
          "~!*()'", "%25", "e%CC%81", "caf%C3%A9", "東京", "a b", "++", "x%2By", "1,2,3", "%7B%22a%22%3A1%7D"].freeze

# Writes a decoded name as a form name, in one of three styles per form: brackets as typed
# (`a[b]`, what browsers send), brackets escaped as an encoder writes them (`a%5Bb%5D`, either
# case), or a mix of both. Spaces become `+` or `%20`, the characters the form syntax needs
# escaped are always escaped, non-ASCII characters are sent raw or escaped, and now and then a
# plain letter is escaped.
def escape_name(text, style, rng)
  text.each_char.map do |char|
    case char
    when "[", "]"
      escaped = style == :escaped || (style == :mixed && rng.rand < 0.5)
      escaped ? format(rng.rand < 0.8 ? "%%%02X" : "%%%02x", char.ord) : char
    when " " then rng.rand < 0.5 ? "+" : "%20"
    when "=", "&", "%", "+", ";" then format("%%%02X", char.ord)
    when /[^\x00-\x7F]/ then rng.rand < 0.7 ? char.bytes.map { |byte| format("%%%02X", byte) }.join : char
    when /[a-z]/ then rng.rand < 0.02 ? format("%%%02x", char.ord) : char
    else char
    end
  end.join
end

# A list of segments ("" is `[]`).
def random_segments(rng, count)
  segments = []
  count.times do
    if rng.rand < 0.25
      segments << ""
    else
      segments << KEYS.sample(random: rng)
    end
  end
  segments
end

def random_depth(rng)
  roll = rng.rand
  if roll < 0.15 then 0
  elsif roll < 0.45 then 1
  elsif roll < 0.75 then 2
  elsif roll < 0.92 then 3
  elsif roll < 0.98 then 4
  else rng.rand(5..6)
  end
end

# A name related to the ones already in the form: the same (a repeated key), a prefix of one
# with new segments (a shared prefix, where conflicts and arrays of hashes arise), or one with
# its last segment changed; else a fresh one.
def random_path(rng, paths)
  if paths.any? && rng.rand < 0.6
    base, segments = paths.sample(random: rng)
    case rng.rand(3)
    when 0 then [base, segments]
    when 1
      kept = segments.take(rng.rand(0..segments.size))
      more = random_segments(rng, rng.rand(0..2))
      [base, kept + more]
    else
      return [base, segments] if segments.empty?
      last = random_segments(rng, 1)
      [base, segments[0...-1] + last]
    end
  else
    [BASES.sample(random: rng), random_segments(rng, random_depth(rng))]
  end
end

def random_form(rng)
  roll = rng.rand
  style = roll < 0.6 ? :typed : roll < 0.85 ? :escaped : :mixed
  paths = []
  Array.new(rng.rand(1..10)) do
    path = random_path(rng, paths)
    paths << path
    "#{escape_name(nested(*path), style, rng)}=#{VALUES.sample(random: rng)}"
  end.join("&")
end

NAME_GRAMMAR = /\A[^\[\]]+(?:\[[^\[\]]*\])*\z/.freeze

def unescape_component(text)
  # Byte by byte, without Rack's own unescape, so the check does not lean on what it checks.
  bytes = text.b.tr("+", " ").gsub(/%([0-9A-Fa-f]{2})/n) { Regexp.last_match(1).hex.chr }
  bytes.force_encoding(Encoding::UTF_8)
end

# Why a form is outside the domain where our view and Rack's must agree, or nil.
def outside_domain(form)
  return "holds `;`" if form.include?(";")
  return "space after `&`" if form.include?("& ")
  segments = []
  form.split("&").each do |pair|
    next if pair.empty?
    return "pair without `=`: #{pair}" unless pair.include?("=")
    return "invalid escape in #{pair}" if pair.gsub(/%[0-9A-Fa-f]{2}/, "").include?("%")
    name, value = pair.split("=", 2).map { |part| unescape_component(part) }
    return "invalid UTF-8 in #{pair}" unless name.valid_encoding? && value.valid_encoding?
    return "malformed name #{name.inspect}" unless NAME_GRAMMAR.match?(name)
    return "deeper than 64 in #{name[0, 20].inspect}..." if name.count("[") > 64 && name.count("[") <= 100
    segments << name[/\A[^\[]+/]
    segments.concat(name.scan(/\[([^\[\]]*)\]/).flatten)
  end
  by_form = segments.uniq.group_by { |segment| segment.unicode_normalize(:nfc) }
  clash = by_form.values.find { |spellings| spellings.size > 1 }
  clash ? "canonically equivalent segments #{clash.inspect}" : nil
end

def record(form, group)
  # As bytes, the way a server hands Rack a query string or body.
  { "group" => group, "form" => form, "params" => Rack::Utils.parse_nested_query(form.b) }
rescue Rack::Utils::ParameterTypeError, Rack::Utils::InvalidParameterError, Rack::QueryParser::ParamsTooDeepError => error
  { "group" => group, "form" => form, "error" => error.class.name.split("::").last, "message" => error.message }
end

(HAND_PICKED + QUIRKS).each do |form|
  reason = outside_domain(form)
  abort "hand-picked form #{form.inspect} is outside the domain: #{reason}" if reason
end

rng = Random.new(SEED)
generated = []
rejected = 0
seen = (HAND_PICKED + QUIRKS).to_h { |form| [form, true] }
while generated.size < GENERATED_COUNT
  form = random_form(rng)
  if seen[form] || outside_domain(form) || (record(form, "")["error"] && rng.rand >= KEEP_REJECTED)
    rejected += 1
    next
  end
  seen[form] = true
  generated << form
end

vectors = HAND_PICKED.map { |form| record(form, "hand-picked") } +
          generated.map { |form| record(form, "generated") } +
          QUIRKS.map { |form| record(form, "quirks") }
errors = vectors.count { |vector| vector.key?("error") }

puts JSON.pretty_generate(
  "description" => "Rack::Utils.parse_nested_query of each form, recorded from real Rack #{Rack.release} " \
                   "(Debian's ruby-rack) on Ruby #{RUBY_VERSION} on #{Time.now.utc.strftime('%Y-%m-%d')} by " \
                   "`ruby Tests/RackVectors/record-rack-vectors.rb > Tests/URLEncodedFormTests/Fixtures/" \
                   "rack-2.2-parse-nested-query.json`: #{HAND_PICKED.size} hand-picked forms, " \
                   "#{GENERATED_COUNT} from a generator seeded #{format('0x%X', SEED)} (#{rejected} drawn forms " \
                   "dropped: repeats, forms outside the domain where our view and Rack's agree, and forms " \
                   "Rack rejects beyond a share of #{KEEP_REJECTED}), and " \
                   "#{QUIRKS.size} quirks (`[]` directly followed by `[]`); " \
                   "#{errors} forms Rack rejected. Format: `vectors` is an array of objects with `group` " \
                   "(hand-picked, generated, quirks), `form` (the input, as sent) and either `params` (what Rack " \
                   "returned: hashes as JSON objects in Rack's insertion order, which means nothing to the " \
                   "tests, arrays in order, string leaves, null for Rack's nil) or `error` and `message` " \
                   "(the class Rack raised, without its module, and its message).",
  "rack" => Rack.release,
  "ruby" => RUBY_VERSION,
  "seed" => SEED,
  "vectors" => vectors
)
