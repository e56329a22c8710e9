/// The `--help` text.
enum Usage {
    static let text = """
    formbench — benchmarks the form encoders: the Alamofire reference port, the optimized
    encoder (reused, and made anew per encode), the Codable walk floor and a hand-written
    serializer, on generated payloads; and the decoder, reading those payloads back, against
    the decode floor, a hand-written parser per payload and JSONDecoder.

    USAGE: formbench [options]
           formbench --payload FILE [--payload FILE …] [--replicate N] [options]

    Without options it runs the full suite (sizes 16 to 10⁶, a few minutes) and writes
    latest.json, summary.md and time-vs-n.svg to results/.

    Each timed sample reads the next of K different inputs of the payload's shape and size, in
    turn, as a server meets a different form every time: K inputs total at least 4 MiB (four
    times the L2 cache where that is larger), from 2 (the largest sizes) to 1,000 (the most
    samples a measurement takes).

    With --payload it runs on samples of your own traffic instead: FILE is a JSON document
    (.json, an object at the root) or a form body (.form, .txt, or - for standard input). Each
    sample is measured as a value of its shape (NAME, after the file) and as the [String: Any]
    URLEncoding takes (NAME-parameters): reference against optimized, the walk floor, every
    encoder option's cost relative to the defaults with a recommendation, and the decoders
    reading it back. The report says which figures a sample approximates.

    OPTIONS:
      --payload FILE           A sample to measure (repeatable); the built-in payloads do not run.
      --replicate N            Also measure each sample's records repeated up to N times
                               (1, 10, 100, …, N copies), to show growth.
      --quick                  CI smoke run: sizes 100 and 1,000, short sampling (seconds).
      --repeated-input         Every sample reads one input over and over: the warm case, the
                               branch predictor and the caches trained on that input, which
                               flatters small sizes (what formbench measured before distinct
                               inputs; recorded in the results as the input mode).
      --filter SUBSTRING       Run only measurements whose id contains SUBSTRING (ignoring case);
                               repeat it or separate with commas. Ids look like
                                 scaling/<contender>/<payload>
                                 decoding/<contender>/<payload>
                                 strategies/optimized/catalog/<option>
                                 requests/optimized/<round>
                                 parallel/optimized/catalog/N=<leaves>/<n> threads
                                 parallel/decoder/<payload>/N=<leaves>/<n> threads
                               contenders: reference, optimized, walk-floor, hand-written,
                               fresh-encoder, afnetworking-reference, afnetworking-optimized;
                               decoding: decoder, parameters, decode-floor, hand-written,
                               JSONDecoder;
                               payloads: catalog, wide, deep, strings, parameters, webhook
                               (webhook: decoding only, one size).
                               Examples: --filter reference,floor,hand-written
                                         --filter decoding (every decoding row)
                                         --filter decoding/decoder/,decode-floor/wide
                                         --filter parallel/decoder/ (the shared decoder's
                                         throughput; parallel/ every thread count)
      --sizes N,N,…            Payload sizes in leaves (replaces the mode's sizes).
      --budget SECONDS         Time one contender may spend at one size; a contender whose
                               projected time exceeds it is skipped (default 30, quick 2).
      --output DIR             Where results are written (default results/).
      --write-baseline         Also write DIR/baseline.json, the file the gate compares with.
                               With --quick, write only that file (CI gates quick runs
                               against a quick baseline).
      --compare BASELINE.json  Gate this run against a results file of the same mode (quick
                               or full): exit 1 when an allocation count or in-run time ratio
                               of the optimized encoder or the decoder got worse by more than
                               the threshold. A time ratio beyond it is measured again (up
                               to twice) and judged on its lowest value. Metrics the
                               baseline lacks are listed as new. Time ratios are judged only
                               when the baseline ran on this processor (model, family, model
                               number, stepping and caches) with this run's input mode
                               (distinct or --repeated-input); otherwise allocations alone are.
      --threshold PCT          The tolerated worsening for --compare (default 25).
      -h, --help               Show this text.

    EXIT STATUS: 0 fine; 1 an output mismatch, a decoded value that differs from the one
    written, an encoder or decoder error, or a regression;
    2 a bad command line or an unusable baseline or output directory.

    More in Benchmarks/README.md.
    """
}
