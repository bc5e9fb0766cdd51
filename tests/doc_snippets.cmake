# Every ```cpp block of docs/*.md is compiled (with the tests' warnings)
# and run: the code in the docs cannot rot. A block with a main() is taken
# as it stands; it must end with its `int main() {` function. Any other
# block is a fragment, taken as the body of a main() after its own #include
# lines, with <carom/carom.hpp>, <carom/io.hpp> and a few standard headers
# (fragments may leave variables unused). Blocks of other languages
# (```c++ for declarations quoted from a header, ```sh, ...) are not
# compiled.
#
# All blocks go into one program, each in its own namespace with its main()
# renamed run(): one translation unit instantiates the engines the blocks
# share once, not once per block. `doc_programs <block>` runs one block,
# and each block is its own test. The blocks' #include lines are gathered
# at the top, so a standard header one block forgets can be hidden by
# another block's.
file(GLOB doc_pages CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${doc_pages})
set(doc_includes "#include <carom/carom.hpp>\n" "#include <carom/io.hpp>\n" "#include <cstdio>\n"
                 "#include <iostream>\n" "#include <random>\n" "#include <string_view>\n")
set(doc_blocks "")
set(doc_dispatch "")
foreach(page IN LISTS doc_pages)
  get_filename_component(page_name ${page} NAME_WE)
  string(MAKE_C_IDENTIFIER ${page_name} page_id)
  file(READ ${page} rest)
  set(index 0)
  while(TRUE)
    string(FIND "${rest}" "```cpp\n" start)
    if(start EQUAL -1)
      break()
    endif()
    math(EXPR start "${start} + 7")
    string(SUBSTRING "${rest}" ${start} -1 rest)
    string(FIND "${rest}" "```" stop)
    string(SUBSTRING "${rest}" 0 ${stop} block)
    string(SUBSTRING "${rest}" ${stop} -1 rest)
    math(EXPR index "${index} + 1")
    set(name doc_${page_id}_${index})
    string(REGEX MATCHALL "#include[^\n]*\n" includes "${block}")
    string(REGEX REPLACE "#include[^\n]*\n" "" body "${block}")
    list(APPEND doc_includes ${includes})
    if(block MATCHES "int main\\(")
      # main() returns 0 when it ends without a return; run() must say so.
      string(FIND "${body}" "int main() {" main_at)
      string(FIND "${body}" "}" last_brace REVERSE)
      if(main_at EQUAL -1 OR last_brace LESS main_at)
        message(FATAL_ERROR "docs/${page_name}.md, block ${index}: a block with a main() must "
                            "end with its `int main() {` function")
      endif()
      string(SUBSTRING "${body}" 0 ${last_brace} head)
      string(SUBSTRING "${body}" ${last_brace} -1 tail)
      string(REPLACE "int main() {" "int run() {" head "${head}")
      string(CONCAT code "// docs/${page_name}.md, block ${index}\nnamespace ${name} {\n"
                    "${head}return 0;\n${tail}}  // namespace ${name}\n\n")
    else()
      string(CONCAT code "// docs/${page_name}.md, block ${index}, as a main() body\n"
                    "#pragma GCC diagnostic push\n"
                    "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
                    "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n"
                    "namespace ${name} {\nint run() {\n${body}return 0;\n}\n}  // namespace ${name}\n"
                    "#pragma GCC diagnostic pop\n\n")
    endif()
    string(APPEND doc_blocks "${code}")
    string(APPEND doc_dispatch "  if (block == \"${name}\") return ${name}::run();\n")
    add_test(NAME docs.${page_name}.${index} COMMAND doc_programs ${name}
             WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/doc_snippets)
  endwhile()
endforeach()
list(REMOVE_DUPLICATES doc_includes)
string(REPLACE ";" "" doc_includes "${doc_includes}")
string(CONCAT doc_source "// The ```cpp blocks of docs/*.md (tests/doc_snippets.cmake)\n${doc_includes}\n"
       "${doc_blocks}int main(int argc, char** argv) {\n"
       "  const std::string_view block = argc == 2 ? argv[1] : \"\";\n${doc_dispatch}"
       "  std::fprintf(stderr, \"usage: doc_programs <block>\\n\");\n  return 2;\n}\n")
file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/doc_snippets/doc_programs.cpp CONTENT "${doc_source}"
     @ONLY)
add_executable(doc_programs ${CMAKE_CURRENT_BINARY_DIR}/doc_snippets/doc_programs.cpp)
target_link_libraries(doc_programs PRIVATE carom::carom carom_warnings)
target_precompile_headers(doc_programs REUSE_FROM carom_program_pch)
# They run real simulations for seconds: -O1 runs them 3 to 5 times faster
# than the test preset's -Og, for a tenth more compile time.
target_compile_options(doc_programs PRIVATE -O1)
