# Writes OUT: a C++ source holding each <SRC>/<name>.json (NAMES) as a string literal, minified by
# dropping line breaks and indentation (safe in JSON: strings cannot contain raw line breaks), in
# the table `VAR` (kEmbeddedExamples unless given) of model_internal::EmbeddedText, ended by an
# empty entry. Used for examples/*.json (builtin.cc) and core/model/prose/*.json (the generator's
# prose, generator_common.cc).
# Run as: cmake -DSRC=<dir> -DOUT=<file.cc> -DNAMES="a;b" [-DVAR=kName] -P embed_examples.cmake
if(NOT VAR)
  set(VAR kEmbeddedExamples)
endif()
file(RELATIVE_PATH from ${CMAKE_CURRENT_LIST_DIR}/../.. ${SRC})
set(body "// Generated from ${from}/*.json by core/model/embed_examples.cmake. Do not edit.\n")
string(APPEND body "#include <string_view>\n\nnamespace monotable::model_internal {\n\n")
set(table "")
foreach(name IN LISTS NAMES)
  file(READ ${SRC}/${name}.json text)
  string(REGEX REPLACE "\n[ ]*" "" text "${text}")
  set(literal "R\"mtjson(${text})mtjson\"")
  string(MAKE_C_IDENTIFIER "${name}" id)
  string(APPEND body "static constexpr char k_${id}[] =\n${literal};\n\n")
  string(APPEND table "    {\"${name}\", std::string_view(k_${id}, sizeof(k_${id}) - 1)},\n")
endforeach()
string(APPEND body "struct EmbeddedText { std::string_view name; std::string_view text; };\n")
string(APPEND body "extern const EmbeddedText ${VAR}[];\n")
string(APPEND body "const EmbeddedText ${VAR}[] = {\n${table}    {{}, {}}};\n\n")
string(APPEND body "}  // namespace monotable::model_internal\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
