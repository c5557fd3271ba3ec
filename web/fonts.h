// The playground's fonts, subset from Debian's packages at build time (web/embed_fonts.py) and
// embedded in the binary: Roboto (text, headings), JetBrains Mono (JSON, keys), DejaVu Sans
// (symbols merged into the text font).
#pragma once

namespace monotable::web {

extern const unsigned char kFontText[];
extern const unsigned int kFontTextSize;
extern const unsigned char kFontHeading[];
extern const unsigned int kFontHeadingSize;
extern const unsigned char kFontMono[];
extern const unsigned int kFontMonoSize;
extern const unsigned char kFontSymbols[];
extern const unsigned int kFontSymbolsSize;

}  // namespace monotable::web
