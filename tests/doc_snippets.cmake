# Every ```cpp block of docs/*.md is compiled (with the tests' warnings)
# and run: the code in the docs cannot rot. A block with a main() is built
# as it stands; any other block is a fragment, built as the body of a
# main() after its own #include lines, with <carom/carom.hpp>,
# <carom/io.hpp> and a few standard headers (fragments may leave variables
# unused). Blocks of other languages (```c++ for declarations quoted from a
# header, ```sh, ...) are not compiled.
file(GLOB doc_pages CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${doc_pages})
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
    if(block MATCHES "int main\\(")
      set(source "${block}")
      set(fragment FALSE)
    else()
      string(REGEX MATCHALL "#include[^\n]*\n" includes "${block}")
      string(REGEX REPLACE "#include[^\n]*\n" "" body "${block}")
      string(REPLACE ";" "" includes "${includes}")
      string(CONCAT source "// docs/${page_name}.md, block ${index}, as a main() body\n${includes}"
                 "#include <carom/carom.hpp>\n#include <carom/io.hpp>\n#include <cstdio>\n"
                 "#include <iostream>\n#include <random>\n\nint main() {\n${body}}\n")
      set(fragment TRUE)
    endif()
    file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/doc_snippets/${name}.cpp CONTENT "${source}"
         @ONLY)
    add_executable(${name} ${CMAKE_CURRENT_BINARY_DIR}/doc_snippets/${name}.cpp)
    target_link_libraries(${name} PRIVATE carom::carom carom_warnings)
    target_precompile_headers(${name} REUSE_FROM carom_program_pch)
    # They run real simulations for seconds: -O1 runs them 3 to 5 times
    # faster than the test preset's -Og, for a tenth more compile time.
    target_compile_options(${name} PRIVATE -O1)
    if(fragment)
      target_compile_options(${name} PRIVATE -Wno-unused-variable -Wno-unused-but-set-variable)
    endif()
    add_test(NAME docs.${page_name}.${index} COMMAND ${name}
             WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/doc_snippets)
  endwhile()
endforeach()
