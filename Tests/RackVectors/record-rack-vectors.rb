#!/usr/bin/env ruby
# Records what real Rack's `Rack::Utils.parse_nested_query` makes of a few hundred forms, into
# the fixture the decoder's Rack-view tests read (Tests/URLEncodedFormTests/Fixtures/
# rack-2.2-parse-nested-query.json). Not part of the test run: CI has no Ruby.
#
#   apt-get install ruby-rack          # Debian's Rack 2.2
#   ruby Tests/RackVectors/record-rack-vectors.rb > Tests/URLEncodedFormTests/Fixtures/rack-2.2-parse-nested-query.json
#
# Every form stays where the README says our view and Rack's agree: no `;`, no bare names, no
# invalid escapes or UTF-8, no name that is empty, starts with `[` or does not fit
# `base[segment]...`, no space after `&`, no `[]` directly followed by `[]`, and no two keys of
# one hash that are canonically equivalent. The random part is seeded, so the fixture is the
# same on every run.
require "rack"
require "json"

HAND_PICKED = [
  "a=1", "a=1&a=2", "a[b]=1&a=2", "a[]=1&a=2", "a=1&b=2&c=3",
  "a[]=1&a[]=2", "x[y][]=1&x[y][]=2", "a[b]=1&a[c]=2", "a[0]=x&a[1]=y", "a[1]=y&a[0]=x&a[10]=z&a[2]=w",
  "a[][x]=1&a[][y]=2&a[][x]=3", "a[][x][y]=1&a[][x][z]=2&a[][x][y]=3", "a[][x][]=1&a[][x][]=2",
  "a[][x]=1&a[][x][y]=2", "a[][x][y]=1&a[][x]=2", "a[][id]=1&a[][tags][]=x&a[][tags][]=y&a[][id]=2",
  "a=1&a[]=2", "a=2&a[b]=1", "a[x]=1&a[]=2", "a[b][]=1&a[b][c]=2", "a[]=1&a[b]=2", "x[a][b]=1&x[a][]=2",
  "a%5Bb%5D=1", "a%5B%5D=1&a%5B%5D=2", "a%5bb%5d=1", "items%5B0%5D%5Bid%5D=1&items%5B0%5D%5Bname%5D=n",
  "a+b=c+d", "a=%2B", "%C3%A9=%C3%A9", "a=", "a==b", "&&a=1&", "a=%5B%5D", "a=[x]", "a=b=c",
  "user[name]=Ada&user[addresses][0][city]=London&user[addresses][1][city]=Paris&user[tags][]=x",
  "topics=a&topics=b&agree=on", "a[b][c][d][e]=1", "a[b]=1&a[b]=2", "a[b][c]=1&a[b]=2", "a[b]=%20&a[c]=%00",
  "a[%C3%A9]=1", "a[x%20y]=1", "a[x+y]=1", "k[0][0]=a&k[0][1]=b&k[1][0]=c", "k[]=1&k[]=&k[]=3",
  "From=%2B15551234567&Body=Hi+there&NumMedia=0", "a[b]=1&c[d]=2&a[e]=3", "a[][b]=1&c=2&a[][b]=3",
].freeze

BASES = %w[a b user items tags k x_y q1 Body é].freeze
KEYS = ["name", "id", "0", "1", "2", "10", "x", "y", "tags", "z", "é", "a b"].freeze
VALUES = ["1", "hello", "a+b", "%2B", "%C3%A9", "", "x%20y", "%5B%5D", "%26", "%3D", "2.5", "-7", "on", "%E6%9D%B1"].freeze

def escape_name(text, rng)
  text.chars.map do |char|
    case char
    when "[" then rng.rand < 0.3 ? "%5B" : char
    when "]" then rng.rand < 0.3 ? "%5D" : char
    when " " then rng.rand < 0.5 ? "+" : "%20"
    when /[^\x00-\x7F]/ then char.bytes.map { |byte| format("%%%02X", byte) }.join
    else char
    end
  end.join
end

def random_name(rng)
  name = BASES.sample(random: rng)
  previous_append = false
  rng.rand(0..3).times do
    if !previous_append && rng.rand < 0.3
      name += "[]"
      previous_append = true
    else
      name += "[#{KEYS.sample(random: rng)}]"
      previous_append = false
    end
  end
  name
end

def random_form(rng)
  names = []
  rng.rand(1..8).times.map do
    name = names.any? && rng.rand < 0.4 ? names.sample(random: rng) : random_name(rng)
    names << name
    "#{escape_name(name, rng)}=#{VALUES.sample(random: rng)}"
  end.join("&")
end

def record(form)
  { "form" => form, "params" => Rack::Utils.parse_nested_query(form) }
rescue Rack::Utils::ParameterTypeError, Rack::Utils::InvalidParameterError, Rack::Utils::ParamsTooDeepError => error
  { "form" => form, "error" => error.class.name.split("::").last, "message" => error.message }
end

rng = Random.new(0x5EED)
generated = Array.new(400) { random_form(rng) }
vectors = (HAND_PICKED + generated).uniq.map { |form| record(form) }

puts JSON.pretty_generate(
  "description" => "Rack::Utils.parse_nested_query of each form, recorded from real Rack #{Rack.release} on Ruby " \
                   "#{RUBY_VERSION} (Debian's ruby-rack) by Tests/RackVectors/record-rack-vectors.rb: " \
                   "#{HAND_PICKED.size} hand-picked forms, then 400 from a generator seeded 0x5EED. Each vector is " \
                   "the form and either the params Rack returned (hashes as objects, arrays, string leaves) or the " \
                   "error class it raised and its message.",
  "rack" => Rack.release,
  "ruby" => RUBY_VERSION,
  "vectors" => vectors
)
