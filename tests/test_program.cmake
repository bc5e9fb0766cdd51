# carom_tests, the unit and validation tests (included by CMakeLists.txt).

# One Catch2 main, compiled once. Catch2's own implementation is not held to
# our -Werror (g++ 12 warns falsely inside libstdc++'s <regex> at -O1).
# Compiled at -O0 (10 s less to build; the tests' run time is in carom's code,
# not in Catch2's runner).
add_library(carom_catch_main OBJECT catch_main.cpp)
target_link_libraries(carom_catch_main PUBLIC Catch2::Catch2 carom::carom)
target_compile_options(carom_catch_main PRIVATE -O0)
# Assertions without their own try/catch: faster to compile; an exception
# escaping an assertion still fails its test case.
target_compile_definitions(carom_catch_main PUBLIC CATCH_CONFIG_FAST_COMPILE)

# Catch2 and the standard headers the tests use, precompiled once and
# shared by every test executable (same flags: Catch2, carom, warnings).
# The header checks below do not use it: they must include what they use.
file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/test_pch.cpp
     CONTENT "// Builds the test executables' precompiled header.\n")
add_library(carom_test_pch OBJECT ${CMAKE_CURRENT_BINARY_DIR}/test_pch.cpp)
target_link_libraries(carom_test_pch PRIVATE Catch2::Catch2 carom::carom carom_warnings)
# With OpenMP, the engines' threaded passes run in every test
# (docs/threads.md); the precompiled header is built with the same flags.
option(CAROM_TEST_OPENMP "Build the tests with carom::openmp" OFF)
if(CAROM_TEST_OPENMP)
  if(NOT TARGET carom::openmp)
    message(FATAL_ERROR "CAROM_TEST_OPENMP: ${CMAKE_CXX_COMPILER} has no OpenMP "
                        "(clang++ on Debian: install libomp-14-dev)")
  endif()
  target_link_libraries(carom_test_pch PRIVATE carom::openmp)
endif()
target_compile_definitions(carom_test_pch PRIVATE CATCH_CONFIG_FAST_COMPILE)
target_precompile_headers(carom_test_pch PRIVATE
  <catch2/catch.hpp> <algorithm> <array> <cmath> <cstddef> <cstdint> <limits> <random>
  <sstream> <string> <type_traits> <vector>)

# One test executable, carom_tests, from the folders that mirror
# include/carom/, plus validation/ (physics checks, named after what they
# validate) and static/ (static_asserts on concepts, positive and negative,
# below). It is a unity build, one translation unit: the files instantiate
# the same engines, and compiling them once is most of the test build's
# time. The files therefore share one scope: give file-local helpers names
# that do not clash with another file's. The tidy preset turns this off, so
# that clang-tidy (and with it the compiler) still sees every test file on
# its own.
# CTest runs each file's test cases as one test, <folder>.<file>, selected
# by Catch2's file-name tags (file names are unique across folders); a file
# whose tests are not found fails.
option(CAROM_TEST_UNITY_BUILD "Compile the test executable as one translation unit" ON)
# The sanitizer builds compile several times slower: there the unity source
# is split into batches of this many files, which the cores build side by
# side.
set(CAROM_TEST_UNITY_BATCH_SIZE 0 CACHE STRING "Test files per unity source (0: all in one)")
# A job that needs only some test files (the ThreadSanitizer job: the
# threaded engines' tests) lists them as folder/file; empty builds all.
set(CAROM_TEST_FILES "" CACHE STRING "Test files to build, as folder/file (empty: all)")
# Replaces the global operator new (and silences a warning about it): kept
# out of the unity source.
set_source_files_properties(engines/allocation_counter.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
set(carom_test_folders core geometry particles collision contact engines io validation setup)
set(test_sources)
set(test_files_seen)
foreach(folder IN LISTS carom_test_folders)
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/*.cpp)
  foreach(source IN LISTS sources)
    get_filename_component(file ${source} NAME_WE)
    if(file IN_LIST test_files_seen)
      message(FATAL_ERROR "tests/${folder}/${file}.cpp: another test file has that name; "
                          "CTest selects a file's tests by it")
    endif()
    list(APPEND test_files_seen ${file})
    if(CAROM_TEST_FILES AND NOT file STREQUAL "allocation_counter"
       AND NOT "${folder}/${file}" IN_LIST CAROM_TEST_FILES)
      continue()
    endif()
    list(APPEND test_sources ${source})
    if(NOT file STREQUAL "allocation_counter")
      add_test(NAME ${folder}.${file} COMMAND carom_tests --filenames-as-tags --warn NoTests "[#${file}]")
    endif()
  endforeach()
endforeach()
add_executable(carom_tests ${test_sources})
target_include_directories(carom_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(carom_tests PRIVATE carom_catch_main carom_warnings)
if(CAROM_TEST_OPENMP)
  target_link_libraries(carom_tests PRIVATE carom::openmp)
endif()
target_precompile_headers(carom_tests REUSE_FROM carom_test_pch)
set_target_properties(carom_tests PROPERTIES UNITY_BUILD ${CAROM_TEST_UNITY_BUILD}
                                             UNITY_BUILD_BATCH_SIZE ${CAROM_TEST_UNITY_BATCH_SIZE})
